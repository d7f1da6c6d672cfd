import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { serve as inngestHandler } from "inngest/fastify";
import { inngest } from "../../inngest/client";
import { functions } from "../../inngest/functions";
import { config } from "../config";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { httpRequestDuration } from "../metrics";
import { errorBody, toApiError } from "../api/errors";
import { consolePlugin } from "./console";
import { operationsPlugin } from "./operations";
import { lendPageCalls, renderingPage } from "./page-calls";
import { createPages, pageSecurityHeaders, type Pages } from "./pages";
import { restPlugin } from "./rest";
import "./types";

/** The largest request body read; the largest valid batch (1000 rows of 280 characters) is far smaller. */
export const BODY_LIMIT = 2 * 1024 * 1024;

const TOO_LARGE = `The request body is larger than ${BODY_LIMIT / 1024 / 1024} MiB; split the batch.`;

/** Fastify's own failures (body too large, malformed URL or body) as the contract's errors. */
function classify(err: unknown): unknown {
  if (err instanceof DakiyaError || !(err instanceof Error)) return err;
  const { code, statusCode } = err as FastifyError;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return new DakiyaError("payload_too_large", TOO_LARGE);
  if (code === "FST_ERR_BAD_URL") return new DakiyaError("invalid_request", "The URL is not valid percent-encoding.");
  if (statusCode && statusCode >= 400 && statusCode < 500) return new DakiyaError("invalid_request", err.message, { details: [] });
  return err;
}

export interface ServerOptions {
  /** Render the console's pages with Next.js (development mode when `dev`); off for API-only servers (tests). */
  pages?: { dev: boolean } | false;
}

export interface DakiyaServer {
  app: FastifyInstance;
  pages: Pages | null;
}

/**
 * The one HTTP server of a Dakiya process: REST under /api/v1, the console's tRPC endpoint, Inngest,
 * better-auth, health and metrics, the API reference, and every other path to Next.js's pages.
 */
export async function buildServer(options: ServerOptions = {}): Promise<DakiyaServer> {
  const c = config();
  const app = Fastify({
    logger: { level: c.LOG_LEVEL },
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "request_id" }),
    genReqId: () => newId("req"),
    bodyLimit: BODY_LIMIT,
    // A console tRPC batch names its procedures in one path segment (`a,b,c`): room for ten long names.
    routerOptions: { maxParamLength: 1000 },
    trustProxy: c.TRUST_PROXY,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      const e = toApiError(classify(error));
      void (reply as FastifyReply).code(e.status).header("X-Request-Id", request.id).send(errorBody(e, request.id));
    },
  });

  // Bodies are read by whoever handles the route (REST and tRPC parse JSON; better-auth and Next.js read
  // their own streams), so nothing is parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  // The hooks every request passes through take callbacks rather than being async: nothing in them
  // waits, and a promise per hook per request is measurable at the REST API's rates.
  app.addHook("onRequest", (request, reply, done) => {
    // On the raw response too: pages and better-auth write it directly.
    reply.raw.setHeader("X-Request-Id", request.id);
    const length = Number(request.headers["content-length"] ?? 0);
    if (length > BODY_LIMIT) {
      reply.header("connection", "close");
      return done(new DakiyaError("payload_too_large", TOO_LARGE));
    }
    done();
  });

  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeLabel ?? "unmatched";
    httpRequestDuration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (c.DAKIYA_LOG_REQUESTS) {
      // Never the address text, a key or a body: the route template, status and who.
      request.log.info(
        { method: request.method, route, status: reply.statusCode, duration_ms: Math.round(reply.elapsedTime * 10) / 10, workspace_id: request.caller?.workspaceId ?? null },
        "request",
      );
    }
    done();
  });

  app.setErrorHandler((err, request, reply) => {
    const e = toApiError(classify(err));
    if (e.status >= 500) request.log.error({ err }, "request failed");
    return reply
      .code(e.status)
      .headers(e.headers ?? {})
      .send(errorBody(e, request.id));
  });

  await app.register(restPlugin);
  await app.register(consolePlugin);
  await app.register(operationsPlugin);
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (err) {
        done(err as Error);
      }
    });
    scope.route({ method: ["GET", "POST", "PUT"], url: "/api/inngest", handler: inngestHandler({ client: inngest, functions }) });
  });

  if (options.pages) lendPageCalls();
  const pages = options.pages ? await createPages({ dev: options.pages.dev, httpServer: app.server, port: c.PORT }) : null;
  const securityHeaders = pageSecurityHeaders({ dev: Boolean(options.pages && options.pages.dev), https: Boolean(c.DAKIYA_PUBLIC_URL?.startsWith("https:")), mapTileUrl: c.MAP_TILE_URL });
  app.setNotFoundHandler(async (request, reply) => {
    if (!pages || request.url.startsWith("/api/")) {
      throw new DakiyaError("not_found", `No endpoint ${request.method} ${request.url.split("?")[0]}.`);
    }
    request.routeLabel = "pages";
    for (const [name, value] of Object.entries(securityHeaders)) reply.raw.setHeader(name, value);
    reply.hijack();
    await renderingPage(request, () => pages.handle(request.raw, reply.raw));
  });

  return { app, pages };
}
