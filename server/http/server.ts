import pino from "pino";
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { createInngest, inngestConfigured } from "../../inngest/client";
import { createScheduler, type Scheduler } from "../../inngest/scheduler";
import { config } from "../config";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { httpRequestDuration } from "../metrics";
import { setWorkWaker } from "../work";
import { errorBody, toApiError } from "../api/errors";
import { authPlugin } from "./auth";
import { consolePlugin } from "./console";
import { inngestPlugin } from "./inngest";
import { BODY_LIMIT, clientErrorHandler, installLimits, TIMEOUTS, TOO_LARGE } from "./limits";
import { operationsPlugin } from "./operations";
import { lendPageCalls, renderingPage } from "./page-calls";
import { createPages, pageSecurityHeaders, type Pages } from "./pages";
import { restPlugin } from "./rest";
import "./types";

/** Fastify's own failures (body too large, malformed URL or body) as the contract's errors. */
function classify(err: unknown): unknown {
  if (err instanceof DakiyaError || !(err instanceof Error)) return err;
  const { code, statusCode } = err as FastifyError;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return new DakiyaError("payload_too_large", TOO_LARGE);
  if (code === "FST_ERR_BAD_URL") return new DakiyaError("invalid_request", "The URL is not valid percent-encoding.");
  if (statusCode && statusCode >= 400 && statusCode < 500) return new DakiyaError("invalid_request", err.message, { details: [] });
  return err;
}

const routeTemplates = new Map<string, string>();

/**
 * The route a request took, for logs and metrics: Fastify's route (`routeOptions.url`) written as the
 * OpenAPI template (`/api/v1/batches/{batch_id}`); "pages" for the console's pages, else "unmatched".
 */
function routeName(request: FastifyRequest, pages: boolean): string {
  const url = request.routeOptions.url;
  if (url === undefined) return pages && !request.url.startsWith("/api/") ? "pages" : "unmatched";
  let name = routeTemplates.get(url);
  if (name === undefined) routeTemplates.set(url, (name = url.replace(/:([^/]+)/g, "{$1}")));
  return name;
}

/** The log is written to stdout this many bytes at a time, and at least this often (docs/operations.md, Logs). */
export const LOG_BUFFER = { bytes: 4096, flushMs: 1000 } as const;

let logStream: ReturnType<typeof pino.destination> | null = null;

/**
 * The process's one log destination: stdout, written a few kilobytes at a time instead of a write a line. A write a
 * line handed each request's line to libuv's thread pool and woke the event loop again for its callback, about a
 * tenth of a verify's CPU (docs/performance.md, "Twelfth round"). pino flushes it when the process exits; a kill
 * loses at most the lines of the last `LOG_BUFFER.flushMs`.
 */
function logDestination(): ReturnType<typeof pino.destination> {
  logStream ??= pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER.bytes, periodicFlush: LOG_BUFFER.flushMs });
  return logStream;
}

export interface ServerOptions {
  /** Render the console's pages with Next.js (development mode when `dev`); off for API-only servers (tests). */
  pages?: { dev: boolean } | false;
}

export interface DakiyaServer {
  app: FastifyInstance;
  pages: Pages | null;
  /** Background work: Inngest's when configured, else the in-process runner's (started by main.ts). */
  scheduler: Scheduler;
}

/**
 * The one HTTP server of a Dakiya process: REST under /api/v1, the console's tRPC endpoint, Inngest,
 * better-auth, health and metrics, the API reference, and every other path to Next.js's pages.
 */
export async function buildServer(options: ServerOptions = {}): Promise<DakiyaServer> {
  const c = config();
  const app = Fastify({
    logger: { level: c.LOG_LEVEL, stream: logDestination() },
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "request_id" }),
    genReqId: () => newId("req"),
    bodyLimit: BODY_LIMIT,
    // Timeouts and the body limit: server/http/limits.ts, docs/operations.md.
    connectionTimeout: TIMEOUTS.connection,
    keepAliveTimeout: TIMEOUTS.keepAlive,
    requestTimeout: TIMEOUTS.request,
    http: { headersTimeout: TIMEOUTS.headers, connectionsCheckingInterval: TIMEOUTS.checkInterval },
    clientErrorHandler,
    // Any parameter a request line can hold (Node's 16 KiB header limit): a console tRPC batch names
    // its procedures in one segment (`a,b,c`), and an overlong REST id is the procedure's 400, not a 404.
    routerOptions: { maxParamLength: 16 * 1024 },
    trustProxy: c.TRUST_PROXY,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      const e = toApiError(classify(error));
      void (reply as FastifyReply).code(e.status).header("X-Request-Id", request.id).send(errorBody(e, request.id));
    },
  });

  if (c.NODE_ENV === "production" && c.DATABASE_URL && !c.DAKIYA_PUBLIC_URL) {
    // Webhook events have no request to take an origin from: their results_url would name this instance.
    app.log.warn(`DAKIYA_PUBLIC_URL is not set: webhook events' results_url will point at http://localhost:${c.PORT}; set it to the address clients reach (docs/operations.md).`);
  }
  if (c.WEBHOOK_ALLOW_PRIVATE_NETWORKS) {
    const message =
      "WEBHOOK_ALLOW_PRIVATE_NETWORKS is on: webhooks may be sent to loopback and private addresses, over plain http too. Members can reach this server's internal network through them; never set it in production.";
    if (c.NODE_ENV === "production") app.log.error(message);
    else app.log.warn(message);
  }

  // Bodies are read by whoever handles the route (REST, tRPC, better-auth and Inngest parse them under
  // the body limit; Next.js reads its own), so nothing is parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  // The REST routes set it (server/http/rest.ts); declared here so the log line below can read it on every request.
  app.decorateRequest("caller", null);
  app.decorateRequest("lingering", false);

  // The hooks every request passes through take callbacks rather than being async: nothing in them
  // waits, and a promise per hook per request is measurable at the REST API's rates.
  app.addHook("onRequest", (request, reply, done) => {
    // On the raw response too: pages and hijacked routes write it directly.
    reply.raw.setHeader("X-Request-Id", request.id);
    done();
  });
  installLimits(app);

  app.addHook("onResponse", (request, reply, done) => {
    const route = routeName(request, Boolean(options.pages));
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

  // A stopped server's last lines are out before its stop resolves, not only when the process exits.
  app.addHook("onClose", (_, done) => logDestination().flush(() => done()));

  app.setErrorHandler((err, request, reply) => {
    const e = toApiError(classify(err));
    // A failure of ours (500), not a domain answer such as the provider being down (502-504).
    if (e.status === 500) request.log.error({ err }, "request failed");
    return reply
      .code(e.status)
      .headers(e.headers ?? {})
      .send(errorBody(e, request.id));
  });

  // Work the procedures record starts at once, through this process's scheduler (server/work).
  const inngest = createInngest(c);
  const scheduler = createScheduler(inngestConfigured(c) ? inngest : null);
  setWorkWaker((work) => scheduler.schedule(work));

  await app.register(restPlugin);
  await app.register(consolePlugin);
  await app.register(authPlugin);
  await app.register(operationsPlugin);
  // Without Inngest there are no functions to serve: /api/inngest is an unknown path (404), not the SDK's 500 for a missing signing key.
  if (inngestConfigured(c)) await app.register(inngestPlugin, { inngest });

  if (options.pages) lendPageCalls();
  const pages = options.pages ? await createPages({ dev: options.pages.dev, httpServer: app.server, port: c.PORT }) : null;
  const securityHeaders = pageSecurityHeaders({ dev: Boolean(options.pages && options.pages.dev), https: Boolean(c.DAKIYA_PUBLIC_URL?.startsWith("https:")), mapTileUrl: c.MAP_TILE_URL });
  app.setNotFoundHandler(async (request, reply) => {
    if (!pages || request.url.startsWith("/api/")) {
      throw new DakiyaError("not_found", `No endpoint ${request.method} ${request.url.split("?")[0]}.`);
    }
    for (const [name, value] of Object.entries(securityHeaders)) reply.raw.setHeader(name, value);
    reply.hijack();
    await renderingPage(request, reply.raw, () => pages.handle(request.raw, reply.raw));
  });

  return { app, pages, scheduler };
}
