import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { auth } from "../auth";
import { config } from "../config";
import { createConsoleContext } from "../console/context";
import { DakiyaError } from "../errors";
import { toApiError } from "../api/errors";
import { appRouter } from "../api/root";
import { createCallerFactory } from "../api/trpc";
import { requestOrigin } from "./origin";

/** Calls a console tRPC request may batch together (the contract's cap). */
export const TRPC_MAX_BATCH = 10;

/** The header better-auth reads the client's address from; set here from the socket (or the trusted proxy). */
export const CLIENT_IP_HEADER = "x-dakiya-client-ip";

const createCaller = createCallerFactory(appRouter);

function consoleContext(request: FastifyRequest) {
  return createConsoleContext({
    headers: fromNodeHeaders(request.headers),
    requestId: request.id,
    origin: config().DAKIYA_PUBLIC_URL ?? requestOrigin(request),
  });
}

/**
 * What the console's browser code and its pages call: the tRPC endpoint (the same procedures as the
 * REST API, plus the console's own, as the signed-in member), better-auth's sign-in endpoints, and
 * the results CSV of a batch.
 */
export const consolePlugin: FastifyPluginAsync = async (app) => {
  await app.register(async (trpc) => {
    trpc.addHook("onRequest", async (request) => {
      request.routeLabel = "/api/trpc";
      // Session cookies are SameSite=Lax already; refuse cross-site writes outright all the same.
      if (request.method !== "GET" && request.headers["sec-fetch-site"] === "cross-site") {
        throw new DakiyaError("forbidden", "Cross-site requests are refused.");
      }
      const calls = ((request.params as { path?: string }).path ?? "").split(",").length;
      if (calls > TRPC_MAX_BATCH) {
        throw new DakiyaError("invalid_request", `A console request may batch at most ${TRPC_MAX_BATCH} calls; this one has ${calls}.`);
      }
    });
    trpc.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: "/api/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: ({ req }: { req: FastifyRequest }) => consoleContext(req),
        onError: ({ error, path, req }: { error: unknown; path?: string; req: FastifyRequest }) => {
          if (toApiError(error).status === 500) req.log.error({ err: (error as { cause?: unknown }).cause ?? error, path }, "console call failed");
        },
        // tRPC would answer 500 for every domain error; when all calls failed alike, use the contract's status.
        responseMeta: ({ errors, info }: { errors: unknown[]; info?: { calls: unknown[] } }) => {
          const statuses = new Set(errors.map((e) => toApiError(e).status));
          const allFailed = errors.length > 0 && errors.length === (info?.calls.length ?? 1);
          return allFailed && statuses.size === 1 ? { status: [...statuses][0] } : {};
        },
      },
    });
  });

  // better-auth reads its own bodies: this route's request stream is left unread by the server.
  const authHandler = toNodeHandler(auth());
  app.all("/api/auth/*", async (request, reply) => {
    request.routeLabel = "/api/auth";
    request.raw.headers[CLIENT_IP_HEADER] = request.ip;
    reply.hijack();
    await authHandler(request.raw, reply.raw);
  });

  // The console's Download button: the REST download procedure with the member's session. A browser
  // shows this URL's errors as a page, so they are plain text.
  app.get("/batches/:batchId/download", async (request, reply) => {
    request.routeLabel = "/batches/{batch_id}/download";
    const { batchId } = request.params as { batchId: string };
    try {
      const ctx = await consoleContext(request);
      await createCaller(ctx).batches.download({ batch_id: batchId });
      const raw = ctx.response.raw!;
      return reply
        .headers({ ...raw.headers, "cache-control": "no-store" })
        .send(raw.body);
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 500) request.log.error({ err }, "console download failed");
      return reply
        .code(e.status)
        .type("text/plain; charset=utf-8")
        .send(`${e.message}\nError ${e.code}, request id ${request.id}\n`);
    }
  });
};
