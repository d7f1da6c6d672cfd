import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "~/server/api/root";

/** The contract's error code of a failed call (the server's errorFormatter puts it in data.api). */
export function errorCode(err: unknown): string | null {
  return err instanceof TRPCClientError ? ((err.data as { api?: { code?: string } } | undefined)?.api?.code ?? null) : null;
}

/**
 * The tRPC procedures for server components: this process's own API over loopback, as the signed-in
 * member (the browser's cookies go along), so no server module is bundled into the pages. The server
 * sets DAKIYA_INTERNAL_URL when it starts listening. One client per request.
 *
 * The calls a render makes at once (the layout's and the page's) travel as one batch, so the session
 * is looked up once. The batch answers as one JSON body, not a stream: the page's HTML waits for its
 * data anyway, and tRPC's streamed answer went through web streams' text encoding and decoding chunk
 * by chunk, a few milliseconds of CPU a page.
 */
export const serverApi = cache(async () => {
  const incoming = await headers();
  const forwarded: Record<string, string> = {};
  for (const name of ["cookie", "user-agent"]) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${process.env.DAKIYA_INTERNAL_URL}/api/trpc`, headers: forwarded })],
  });
});

/** A procedure's result for a page; signed out, the sign-in page instead. */
export async function signedIn<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (errorCode(err) === "unauthenticated") redirect("/sign-in");
    throw err;
  }
}
