import type { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler, type OpenApiMeta } from "trpc-to-openapi";
import { config } from "../config";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { errorBody, toApiError, type ApiError } from "./errors";
import { openApiDocument } from "./openapi";
import { appRouter } from "./root";
import type { Context } from "./trpc";

/**
 * The REST surface: the tRPC procedures under `/api/v1` through trpc-to-openapi, wrapped with what
 * every response needs (X-Request-Id, the contract's error body, 404/405 for unknown routes,
 * rate-limit headers). Next.js's route handler and the test server both call `handleRestRequest`.
 */
export const API_PREFIX = "/api/v1";

interface Route {
  method: string;
  pattern: RegExp;
}

const routes: Route[] = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>)
  .map((p) => p._def.meta?.openapi)
  .filter((o): o is NonNullable<OpenApiMeta["openapi"]> => !!o)
  .map((o) => ({ method: o.method, pattern: new RegExp(`^${o.path.replace(/\{[^/}]+\}/g, "[^/]+")}/?$`) }));

const contexts = new WeakMap<object, Context>();
const failures = new WeakMap<object, TRPCError>();

const nodeHandler = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: object }) => contexts.get(req)!,
  onError: ({ error, req }: { error: TRPCError; req: object }) => {
    failures.set(req, error);
  },
  responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) => (errors.length ? {} : { status: ctx?.response.status ?? 200 }),
} as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

interface Captured {
  status: number;
  headers: Headers;
  body: string;
}

/** Runs the trpc-to-openapi handler on a request whose body is already parsed. */
function runProcedure(request: Request, path: string, body: unknown, ctx: Context): Promise<{ captured: Captured; proxy: object }> {
  const url = new URL(request.url);
  const innerUrl = `${url.origin}${path}${url.search}`;
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  const proxy = new Proxy(request, {
    get(target, prop) {
      if (prop === "url") return innerUrl;
      if (prop === "body") return body;
      if (prop === "headers") return headers;
      return Reflect.get(target, prop, target);
    },
  });
  return new Promise((resolve) => {
    const captured: Captured = { status: 200, headers: new Headers(), body: "" };
    const res = {
      setHeader(key: string, value: string | string[]) {
        for (const v of Array.isArray(value) ? value : [value]) captured.headers.append(key, v);
      },
      get statusCode() {
        return captured.status;
      },
      set statusCode(code: number) {
        captured.status = code;
      },
      end(chunk?: string) {
        captured.body = chunk ?? "";
        resolve({ captured, proxy });
      },
    };
    contexts.set(proxy, ctx);
    void (nodeHandler as unknown as (req: unknown, res: unknown) => Promise<void>)(proxy, res);
  });
}

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

function log(request: Request, path: string, status: number, requestId: string, started: number, error?: ApiError, cause?: unknown) {
  if (error?.status === 500) console.error(`[${requestId}] ${request.method} ${path} failed:`, cause);
  if (config().DAKIYA_LOG_REQUESTS) {
    console.log(`${request.method} ${API_PREFIX}${path} ${status} ${(performance.now() - started).toFixed(1)}ms ${requestId}${error ? ` ${error.code}` : ""}`);
  }
}

export async function handleRestRequest(request: Request): Promise<Response> {
  const started = performance.now();
  const requestId = newId("req");
  const url = new URL(request.url);
  const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) || "/" : url.pathname;
  const extras: Context["response"] = { headers: {} };
  const responseHeaders = extras.headers;

  const fail = (e: ApiError, cause?: unknown): Response => {
    log(request, path, e.status, requestId, started, e, cause);
    return json(e.status, errorBody(e, requestId), { ...responseHeaders, ...e.headers, "X-Request-Id": requestId });
  };

  try {
    if (path === "/openapi.json" && (request.method === "GET" || request.method === "HEAD")) {
      log(request, path, 200, requestId, started);
      return json(200, openApiDocument(), { "X-Request-Id": requestId, "cache-control": "public, max-age=300" });
    }
    const sameMethod = routes.some((r) => r.method === request.method && r.pattern.test(path));
    if (!sameMethod) {
      const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
      if (path === "/openapi.json") allowed.push("GET");
      if (allowed.length) {
        responseHeaders.Allow = allowed.join(", ");
        return fail(toApiError(new DakiyaError("method_not_allowed", `${request.method} is not allowed on ${API_PREFIX}${path}; use ${allowed.join(" or ")}.`)));
      }
      return fail(toApiError(new DakiyaError("not_found", `No endpoint ${request.method} ${API_PREFIX}${path}. The reference is at ${API_PREFIX}/openapi.json.`)));
    }

    let body: unknown = undefined;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const text = await request.text();
      if (text.trim() === "") body = {};
      else {
        try {
          body = JSON.parse(text);
        } catch {
          return fail(toApiError(new DakiyaError("invalid_request", "The request body is not valid JSON.", { details: [] })));
        }
      }
    }

    const ctx: Context = {
      db: db(),
      requestId,
      authorization: request.headers.get("authorization"),
      caller: null,
      member: null,
      origin: config().DAKIYA_PUBLIC_URL ?? url.origin,
      response: extras,
    };
    const { captured, proxy } = await runProcedure(request, path, body, ctx);
    const failure = failures.get(proxy);
    if (failure) return fail(toApiError(failure), failure.cause ?? failure);

    log(request, path, captured.status, requestId, started);
    if (extras.raw) {
      return new Response(extras.raw.body, { status: 200, headers: { ...extras.raw.headers, ...responseHeaders, "X-Request-Id": requestId } });
    }
    captured.headers.set("X-Request-Id", requestId);
    for (const [k, v] of Object.entries(responseHeaders)) captured.headers.set(k, v);
    return new Response(captured.body, { status: captured.status, headers: captured.headers });
  } catch (err) {
    return fail(toApiError(err), err);
  }
}
