import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { fastifyTRPCOpenApiPlugin, type OpenApiMeta } from "trpc-to-openapi";
import { config } from "../config";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { authenticate } from "../keys";
import { errorBody, toApiError } from "../api/errors";
import { openApiDocument } from "../api/openapi";
import { appRouter } from "../api/root";
import type { Context } from "../api/trpc";
import { requestOrigin } from "./origin";

/**
 * The REST surface: the tRPC procedures under `/api/v1` through trpc-to-openapi's Fastify adapter,
 * with what every call needs before its body is read (the route known, else 404/405; the key
 * checked, else 401) and the contract's error body on every failure.
 */
export const API_PREFIX = "/api/v1";

interface Route {
  method: string;
  /** The path template, e.g. `/batches/{batch_id}`: the route label in logs and metrics. */
  path: string;
  pattern: RegExp;
}

const routes: Route[] = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>)
  .map((p) => p._def.meta?.openapi)
  .filter((o): o is NonNullable<OpenApiMeta["openapi"]> => !!o)
  .map((o) => ({ method: o.method, path: o.path, pattern: new RegExp(`^${o.path.replace(/\{[^/}]+\}/g, "[^/]+")}/?$`) }))
  .concat({ method: "GET", path: "/openapi.json", pattern: /^\/openapi\.json$/ });

/** The route a request names, or the 404/405 the contract gives when there is none. */
function matchRoute(method: string, path: string): Route {
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  if (route) return route;
  const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  if (allowed.length) {
    throw new DakiyaError("method_not_allowed", `${method} is not allowed on ${API_PREFIX}${path}; use ${allowed.join(" or ")}.`, {
      headers: { Allow: allowed.join(", ") },
    });
  }
  throw new DakiyaError("not_found", `No endpoint ${method} ${API_PREFIX}${path}. The reference is at ${API_PREFIX}/openapi.json.`);
}

function restPath(url: string): string {
  const end = url.indexOf("?");
  return (end === -1 ? url : url.slice(0, end)).slice(API_PREFIX.length) || "/";
}

/**
 * Every REST body is JSON, whatever its Content-Type says (`curl -d` sends a form type). An empty
 * body is `{}`, so the schema names the missing fields. Text the service refuses (NUL, lone
 * surrogates) is refused per field before any schema, for every procedure (server/api/text.ts).
 */
function parseJsonBody(_req: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void): void {
  if (body.trim() === "") return done(null, {});
  try {
    done(null, JSON.parse(body));
  } catch {
    done(new DakiyaError("invalid_request", "The request body is not valid JSON.", { details: [] }));
  }
}

export const restPlugin: FastifyPluginAsync = async (app) => {
  app.get(`${API_PREFIX}/openapi.json`, async (request, reply) => {
    request.routeLabel = `${API_PREFIX}/openapi.json`;
    return reply.header("cache-control", "public, max-age=300").send(openApiDocument());
  });

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser("*", { parseAs: "string" }, parseJsonBody);

    // Before the body is read: an unknown route is a 404/405 and a missing or bad key a 401.
    api.addHook("onRequest", async (request) => {
      const route = matchRoute(request.method, restPath(request.url));
      request.routeLabel = `${API_PREFIX}${route.path}`;
      request.caller = await authenticate(db(), request.headers.authorization);
    });
    // trpc-to-openapi accepts only JSON content types; the body is JSON already (parseJsonBody).
    api.addHook("preHandler", (request, _reply, done) => {
      request.headers["content-type"] = "application/json";
      done();
    });
    // The adapter answers with tRPC's error shape and JSON; swap in the contract's body, or the CSV.
    // Synchronous on purpose: the adapter's handler resolves right after it sends, and Fastify sends
    // again if the reply is not out by then.
    api.addHook("onSend", (request, reply, payload, done) => {
      if (request.apiError !== undefined) {
        const e = toApiError(request.apiError);
        reply.code(e.status);
        return done(null, JSON.stringify(errorBody(e, request.id)));
      }
      const raw = request.apiContext?.response.raw;
      if (raw && reply.statusCode === 200) {
        reply.headers(raw.headers);
        return done(null, raw.body);
      }
      done(null, payload);
    });
    // Methods the adapter does not route still get the contract's 404/405 (from the onRequest hook).
    api.route({ method: ["OPTIONS"], url: `${API_PREFIX}/*`, handler: async () => undefined });

    await api.register(fastifyTRPCOpenApiPlugin, {
      basePath: API_PREFIX,
      router: appRouter,
      createContext: ({ req }: { req: FastifyRequest }): Context => {
        const ctx: Context = {
          db: db(),
          requestId: req.id,
          authorization: req.headers.authorization ?? null,
          caller: req.caller ?? null,
          member: null,
          origin: config().DAKIYA_PUBLIC_URL ?? requestOrigin(req),
          response: { headers: {} },
        };
        req.apiContext = ctx;
        return ctx;
      },
      onError: ({ error, req }: { error: unknown; req: FastifyRequest }) => {
        req.apiError = error;
        if (toApiError(error).status === 500) req.log.error({ err: (error as { cause?: unknown }).cause ?? error }, "request failed");
      },
      responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) => {
        const headers = { ...ctx?.response.headers };
        if (!errors.length) return { status: ctx?.response.status ?? 200, headers };
        const e = toApiError(errors[0]);
        return { status: e.status, headers: { ...headers, ...e.headers } };
      },
    } as unknown as Parameters<typeof fastifyTRPCOpenApiPlugin>[1]);
  });
};
