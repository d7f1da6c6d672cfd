import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { toApiError } from "~/server/api/errors";
import { appRouter } from "~/server/api/root";
import { config } from "~/server/config";
import { createConsoleContext } from "~/server/console/context";
import { newId } from "~/server/ids";

/**
 * The console's tRPC endpoint: the same procedures as the REST API (plus the console's own), called
 * with the member's session instead of a key. Every response carries X-Request-Id; errors carry it in
 * `data.api.requestId` too, and their HTTP status is the contract's for the error code.
 */
export const dynamic = "force-dynamic";

async function handler(req: Request): Promise<Response> {
  const requestId = newId("req");
  // Session cookies are SameSite=Lax already; refuse cross-site writes outright all the same.
  if (req.method !== "GET" && req.headers.get("sec-fetch-site") === "cross-site") {
    return Response.json({ error: { code: "forbidden", message: "Cross-site requests are refused." }, request_id: requestId }, { status: 403, headers: { "X-Request-Id": requestId } });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createConsoleContext({ headers: req.headers, requestId, origin: config().DAKIYA_PUBLIC_URL ?? new URL(req.url).origin }),
    onError: ({ error, path }) => {
      if (toApiError(error).status === 500) console.error(`[${requestId}] console ${path ?? "?"} failed:`, error.cause ?? error);
    },
    responseMeta: ({ errors, info }) => {
      const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
      // tRPC would answer 500 for every domain error; when all calls failed alike, use the contract's status.
      const statuses = new Set(errors.map((e) => toApiError(e).status));
      const allFailed = errors.length > 0 && errors.length === (info?.calls.length ?? 1);
      return allFailed && statuses.size === 1 ? { headers, status: [...statuses][0] } : { headers };
    },
  });
}

export { handler as GET, handler as POST };
