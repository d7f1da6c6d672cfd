"use client";

import { createAuthClient } from "better-auth/client";
import { useState } from "react";
import { fieldText } from "../(console)/_lib/ui";
import { useHydrated } from "~/app/_shared/use-hydrated";

const authClient = createAuthClient();

/**
 * Posts to better-auth's /api/auth/sign-in/email, which counts attempts per client and answers 429 past the limit.
 * The fields are uncontrolled, so what is typed before the script loads stays; until it has loaded the
 * form cannot be sent (the browser would send it itself) and says it is waiting for the script.
 */
export function SignInForm() {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const { error } = await authClient.signIn.email({ email: fieldText(form, "email").trim(), password: fieldText(form, "password") });
    if (!error) {
      window.location.assign("/overview");
      return;
    }
    setPending(false);
    if (error.status === 429) setError("Too many sign-in attempts from your network. Wait a minute, then try again.");
    else if (error.status === 401) setError("The email or the password is wrong. Check both and try again.");
    else setError(`Sign-in failed: ${error.message ?? error.statusText}. Try again in a moment.`);
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2" />
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {error}
        </p>
      )}
      {/* Shown by the server's HTML and removed by the script: a slow network, or scripts turned off. */}
      {!hydrated && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Waiting for the page to finish loading. If this message stays, turn on JavaScript: signing in needs it.
        </p>
      )}
      <button type="submit" disabled={pending || !hydrated} className="w-full rounded-md bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:bg-slate-400">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
