"use client";

import { button } from "./_lib/ui";

// A failure while rendering a console page on the server; its message is withheld in production, the digest finds it in the log.
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-5 text-red-900">
      <h1 className="text-lg font-semibold">This page could not be shown</h1>
      <p className="mt-1">{error.message || "Something went wrong on our side."}</p>
      {error.digest && (
        <p className="mt-1 text-sm">
          Reference <code className="select-all">{error.digest}</code>
        </p>
      )}
      <button type="button" className={`${button.secondary} mt-3`} onClick={reset}>
        Try again
      </button>
    </div>
  );
}
