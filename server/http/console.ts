import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { clientAddress } from "../auth";
import { config } from "../config";
import { createConsoleContext } from "./console-context";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { toApiError } from "../api/errors";
import { appRouter } from "../api/root";
import { checkText, jsonNestsTooDeep, MAX_NESTING, nestingError } from "../api/text";
import { PUBLIC_PROCEDURE_PREFIX } from "../api/routers/confirmations";
import { ResultsDownloadQuery } from "../api/routers/console/batches";
import type { Context } from "../api/trpc";
import { resultsCsv } from "../batches/results";
import { countRequest, rateLimitHeaders } from "../ratelimit";
import { requestOrigin } from "./origin";

/** Calls a console tRPC request may batch together (the contract's cap). */
export const TRPC_MAX_BATCH = 10;

/**
 * Logs a console call that failed for a reason of ours (500): its cause, with the procedure's path.
 * Domain errors are the member's answer, not the operator's concern.
 */
export function logFailedCall(request: FastifyRequest, error: unknown, path: string | undefined): void {
  if (toApiError(error).status === 500) request.log.error({ err: (error as { cause?: unknown }).cause ?? error, path }, "console call failed");
}

/** The member's context for a console request: their tRPC calls, and the pages rendered for them. */
export function consoleContext(request: FastifyRequest) {
  return createConsoleContext({
    headers: fromNodeHeaders(request.headers),
    requestId: request.id,
    origin: config().DAKIYA_PUBLIC_URL ?? requestOrigin(request),
  });
}

/**
 * The context of the buyer's confirmation page, which has no session: no member and no caller, so only
 * the public procedures (PUBLIC_PROCEDURE_PREFIX) answer; every other one is a 401.
 */
export function publicContext(request: FastifyRequest): Context {
  return {
    db: db(),
    requestId: request.id,
    caller: null,
    member: null,
    clientAddress: clientAddress(request.headers["x-forwarded-for"], request.raw.socket.remoteAddress),
    origin: config().DAKIYA_PUBLIC_URL ?? requestOrigin(request),
    response: { headers: {} },
  };
}

/**
 * The procedures a tRPC request calls, read as tRPC reads them: the path segment decoded once more
 * after Fastify's own decoding, then split on commas (so `a%252Cb` is two calls, as tRPC runs it).
 * A path that is not valid percent-encoding then is a 400 here; tRPC would answer it 500.
 */
function callPaths(request: FastifyRequest): string[] {
  const segment = (request.params as { path?: string }).path ?? "";
  try {
    return decodeURIComponent(segment).split(",");
  } catch {
    throw new DakiyaError("invalid_request", "The procedure's path is not valid percent-encoding.", { details: [] });
  }
}

/** Whether every call of a tRPC request is one of the buyer page's public procedures. */
function publicCalls(request: FastifyRequest): boolean {
  return callPaths(request).every((p) => p.startsWith(PUBLIC_PROCEDURE_PREFIX));
}

/**
 * The JSON tRPC parses itself (the body, `?input=` and `?connectionParams=`), measured for nesting before
 * it does (server/api/text.ts); a batch wraps each call's input in one level of its own.
 */
function refuseDeepInput(request: FastifyRequest): void {
  const batch = (request.query as { batch?: unknown }).batch !== undefined;
  const max = batch ? MAX_NESTING + 1 : MAX_NESTING;
  const texts = [request.body, ...Object.values(request.query as Record<string, unknown>)].flat();
  if (texts.some((text) => typeof text === "string" && jsonNestsTooDeep(text, max))) throw nestingError();
}

/**
 * What the console's browser code and its pages call: the tRPC endpoint (the same procedures as the
 * REST API, plus the console's own, as the signed-in member) and the results CSV of a batch.
 * better-auth's sign-in endpoints are server/http/auth.ts.
 */
export const consolePlugin: FastifyPluginAsync = async (app) => {
  await app.register(async (trpc) => {
    trpc.addHook("onRequest", async (request) => {
      // Session cookies are SameSite=Lax already; refuse cross-site writes outright all the same.
      if (request.method !== "GET" && request.headers["sec-fetch-site"] === "cross-site") {
        throw new DakiyaError("forbidden", "Cross-site requests are refused.");
      }
      // JSON only: tRPC would hand any other body (multipart/form-data, a form) to its own readers, unlimited.
      const type = request.headers["content-type"];
      if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
        throw new DakiyaError("unsupported_media_type", "The console's API takes JSON bodies only (`Content-Type: application/json`).");
      }
      const calls = callPaths(request).length;
      if (calls > TRPC_MAX_BATCH) {
        throw new DakiyaError("invalid_request", `A console request may batch at most ${TRPC_MAX_BATCH} calls; this one has ${calls}.`);
      }
    });
    trpc.addHook("preHandler", async (request) => refuseDeepInput(request));
    trpc.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: "/api/trpc",
      trpcOptions: {
        router: appRouter,
        // tRPC's own count of the same cap, should its reading of a path ever differ from callPaths.
        maxBatchSize: TRPC_MAX_BATCH,
        createContext: ({ req }: { req: FastifyRequest }) => (publicCalls(req) ? publicContext(req) : consoleContext(req)),
        onError: ({ error, path, req }: { error: unknown; path?: string; req: FastifyRequest }) => logFailedCall(req, error, path),
        // tRPC would answer 500 for every domain error; when all calls failed alike, use the contract's status.
        responseMeta: ({ errors, info }: { errors: unknown[]; info?: { calls: unknown[] } }) => {
          const failures = errors.map(toApiError);
          const statuses = new Set(failures.map((e) => e.status));
          const allFailed = errors.length > 0 && errors.length === (info?.calls.length ?? 1);
          // A 503 (the database down) says when to come back, as on the REST API.
          return allFailed && statuses.size === 1 ? { status: [...statuses][0], headers: new Headers(failures[0]!.headers) } : {};
        },
      },
    });
  });

  // The console's Download buttons: the results CSV with the member's session, every row or just
  // those matching the batch page's filter (ResultsDownloadQuery: decision, status, order_id). A
  // browser shows this URL's errors as a page, so they are plain text.
  app.get<{ Params: { batch_id: string } }>("/batches/:batch_id/download", async (request, reply) => {
    const { batch_id: batchId } = request.params;
    try {
      const ctx = await consoleContext(request);
      // Counted like the REST download, per member.
      const limit = await countRequest(ctx.db, ctx.caller!, ctx.member!.userId, "batches.download");
      if (limit) reply.headers(rateLimitHeaders(limit));
      checkText(request.query);
      const filter = ResultsDownloadQuery.safeParse(request.query);
      if (!filter.success) {
        throw new DakiyaError("invalid_request", "The download's filter is not one the console offers.", {
          details: filter.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        });
      }
      const body = await resultsCsv(ctx.db, ctx.caller!.workspaceId, batchId, filter.data);
      return reply.headers({ "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${batchId}.csv"`, "cache-control": "no-store" }).send(body);
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 500) request.log.error({ err }, "console download failed");
      return reply
        .code(e.status)
        .headers(e.headers ?? {})
        .type("text/plain; charset=utf-8")
        .send(`${e.message}\nError ${e.code}, request id ${request.id}\n`);
    }
  });
};
