import { cache } from "react";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { PAGE_CALLS } from "~/lib/shared";
import type { PageCalls } from "~/server/http/page-calls";

/** What Dakiya's server lends the pages it renders (server/http/page-calls.ts). */
function pageCalls(): PageCalls {
  const calls = (globalThis as { [PAGE_CALLS]?: PageCalls })[PAGE_CALLS];
  if (!calls) throw new Error("The console's pages render inside Dakiya's server: start it with `npm run dev` or `npm start`.");
  return calls;
}

/** The contract's error code of a failed procedure call; null for anything else thrown. */
export function errorCode(err: unknown): string | null {
  return pageCalls().errorCode(err);
}

/**
 * The tRPC procedures for server components, called in this process as the signed-in member whose
 * page is rendering; no server module is bundled into the pages. One caller per render, so the layout's
 * calls and the page's share one session look-up. The render needs its request, so it is never
 * prerendered.
 */
export const serverApi = cache(async () => {
  await connection();
  return pageCalls().caller();
});

/** The procedures without a session, for the buyer's confirmation page (app/c): only its public procedures answer. */
export const publicServerApi = cache(async () => {
  await connection();
  return pageCalls().publicCaller();
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
