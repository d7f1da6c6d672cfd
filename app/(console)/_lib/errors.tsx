"use client";

import { TRPCClientError } from "@trpc/client";
import { Empty, Loading } from "./ui";

export interface ErrorInfo {
  message: string;
  code: string | null;
  status: number | null;
  requestId: string | null;
}

/** The contract's error code, message and request id from a failed tRPC call (data.api, set by the server's errorFormatter). */
export function describeError(error: unknown): ErrorInfo {
  if (error instanceof TRPCClientError) {
    const api = (error.data as { api?: { code?: string; status?: number; requestId?: string | null } } | undefined)?.api;
    const requestId = api?.requestId ?? (error.meta?.response as Response | undefined)?.headers?.get("x-request-id") ?? null;
    if (api?.code) return { message: error.message, code: api.code, status: api.status ?? null, requestId };
    return { message: "The console could not reach the server. Check your connection and try again.", code: null, status: null, requestId };
  }
  return { message: error instanceof Error ? error.message : String(error), code: null, status: null, requestId: null };
}

/** An API failure in words: what was being done, the message, the code and the request id to quote. */
export function ErrorNote({ error, action }: { error: unknown; action?: string }) {
  const info = describeError(error);
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">
        {action ? `${action}: ` : ""}
        {info.message}
      </p>
      {(info.code || info.requestId) && (
        <p className="mt-1 text-red-800">
          {info.code && (
            <>
              Error <code>{info.code}</code>
            </>
          )}
          {info.code && info.requestId && " · "}
          {info.requestId && (
            <>
              request id <code className="select-all">{info.requestId}</code>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** A list loaded by a query: loading, failure (in words), empty, then the rows. */
export function QueryState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  what: string;
  empty?: React.ReactNode;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.error || query.data === undefined) return <ErrorNote error={query.error} action={`Could not load the ${what}`} />;
  if (empty && Array.isArray(query.data) && query.data.length === 0) return <Empty>{empty}</Empty>;
  return <>{children(query.data)}</>;
}
