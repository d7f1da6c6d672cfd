import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ZodArray } from "zod";
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
  type OpenApiMethod,
} from "trpc-to-openapi";
import { config } from "../config";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { authenticate } from "../keys";
import { openApiDocument } from "../api/openapi";
import { appRouter } from "../api/root";
import { createCallerFactory, type Context } from "../api/trpc";
import { parseJson } from "./json";
import { utf8Text } from "./limits";
import { requestOrigin } from "./origin";
import "./types";

/**
 * The REST surface: one Fastify route per tRPC procedure with OpenAPI metadata (the same metadata
 * trpc-to-openapi writes the document from), each calling its procedure through tRPC's caller. The
 * route is known before anything else (else 404/405), the key is checked before the body is read
 * (else 401), and every failure goes through the server's one error handler (`toApiError`).
 */
export const API_PREFIX = "/api/v1";

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

/**
 * The procedure at a dotted path, on a caller. tRPC's caller is a proxy that resolves any path to a
 * call of the procedure there; the paths come from the router itself (forEachOpenApiProcedure).
 */
function procedureAt(path: string): (caller: Caller) => (input: unknown) => Promise<unknown> {
  const segments = path.split(".");
  return (caller) => segments.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
}

/** `/batches/{batch_id}` (OpenAPI) as Fastify writes it: `/batches/:batch_id`. */
export const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{([^/}]+)\}/g, ":$1");

/** The procedures REST answers with something other than JSON: a route of their own each (below). */
const PLAIN_ROUTES = new Set(["batches.download"]);

/**
 * The input trpc-to-openapi's adapters hand a procedure, built the same way: the body (methods that
 * take one) or the query string, then the path parameters over them; nothing for a `z.void()` input.
 * Query values are strings, a repeated name an array; a field the schema declares an array gets a
 * lone value as an array of one, and number, boolean, bigint and date fields are coerced from their
 * strings (the library switches Zod's coercion on for them). Bodies are JSON and stay strict.
 */
export function inputReader(method: OpenApiMethod, procedure: Parameters<typeof getInputOutputParsers>[0]): (request: FastifyRequest) => unknown {
  const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
  if (instanceofZodTypeLikeVoid(schema)) return () => undefined;
  if (acceptsRequestBody(method)) {
    return (request) => ({ ...(request.body as object | undefined), ...(request.params as object) });
  }
  const arrays: string[] = [];
  if (instanceofZodTypeObject(schema)) {
    coerceSchema(schema);
    for (const [key, field] of Object.entries(schema.shape)) {
      if (field instanceof ZodArray || (instanceofZodTypeOptional(field) && field.unwrap() instanceof ZodArray)) arrays.push(key);
    }
  }
  return (request) => {
    const input: Record<string, unknown> = { ...(request.query as object) };
    for (const key of arrays) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    return Object.assign(input, request.params);
  };
}

/** The tRPC context of a REST call: the key's holder, resolved before the body was read. */
function restContext(request: FastifyRequest): Context {
  const { caller } = request;
  // Set by the keyed routes' onRequest hook, which answers 401 when the key is not good.
  if (!caller) throw new Error("A REST procedure was reached without its caller.");
  return {
    db: db(),
    requestId: request.id,
    caller,
    member: null,
    origin: config().DAKIYA_PUBLIC_URL ?? requestOrigin(request),
    response: { headers: {} },
  };
}

/** Runs `call` with the request's context; its status and headers (rate-limit state) go on the reply, a failure's too. */
async function answer<T>(request: FastifyRequest, reply: FastifyReply, call: (caller: Caller) => Promise<T>): Promise<T> {
  const ctx = restContext(request);
  try {
    const data = await call(createCaller(ctx));
    reply.code(ctx.response.status ?? 200);
    return data;
  } finally {
    reply.headers(ctx.response.headers);
  }
}

/**
 * Every REST body is JSON, whatever its Content-Type says (`curl -d` sends a form type). Bytes that
 * are not UTF-8 are refused here, on the whole body (server/http/limits.ts `utf8Text`). An empty
 * body is `{}`, so the schema names the missing fields. Nesting deeper than 32 levels is refused before
 * the body is parsed (server/http/json.ts); text the service refuses (NUL, lone surrogates) per field
 * before any schema, for every procedure (server/api/text.ts).
 */
function parseJsonBody(_req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void {
  try {
    const text = utf8Text(body);
    done(null, text.trim() === "" ? {} : parseJson(text));
  } catch (err) {
    done(err as Error);
  }
}

/** The path of a request below the API prefix, for messages. */
function restPath(request: FastifyRequest): string {
  const end = request.url.indexOf("?");
  return (end === -1 ? request.url : request.url.slice(0, end)).slice(API_PREFIX.length) || "/";
}

interface Operation {
  method: OpenApiMethod;
  /** The OpenAPI path template, below API_PREFIX. */
  path: string;
  /** The tRPC procedure's path. */
  procedure: string;
}

/** The keyed routes: the caller resolved in onRequest, before the body is read. */
function keyedRoutes(api: FastifyInstance, operations: Operation[]): void {
  api.addHook("onRequest", async (request) => {
    request.caller = await authenticate(db(), request.headers.authorization);
  });
  forEachOpenApiProcedure(appRouter._def.procedures, ({ path, procedure, meta: { openapi } }) => {
    operations.push({ method: openapi.method, path: openapi.path, procedure: path });
    if (PLAIN_ROUTES.has(path)) return;
    const input = inputReader(openapi.method, procedure);
    const call = procedureAt(path);
    api.route({
      method: openapi.method,
      url: fastifyPath(openapi.path),
      exposeHeadRoute: false,
      config: { procedure: path },
      handler: (request, reply) => answer(request, reply, (caller) => call(caller)(input(request))),
    });
  });

  // The results CSV: the procedure checks and reads it; it goes out as text/csv, not JSON.
  api.get<{ Params: { batch_id: string } }>("/batches/:batch_id/download", { exposeHeadRoute: false, config: { procedure: "batches.download" } }, async (request, reply) => {
    const { batch_id } = request.params;
    const csv = await answer(request, reply, (caller) => caller.batches.download({ batch_id }));
    return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${batch_id}.csv"`).send(csv);
  });
}

export const restPlugin: FastifyPluginAsync = async (app) => {
  await app.register(
    async (api) => {
      api.get("/openapi.json", async (_request, reply) => reply.header("cache-control", "public, max-age=300").send(openApiDocument()));

      api.removeAllContentTypeParsers();
      api.addContentTypeParser("*", { parseAs: "buffer" }, parseJsonBody);
      // Every route here reads its body through parseJsonBody, which checks the bytes.
      api.addHook("onRoute", (route) => {
        route.config = { ...route.config, checksUtf8: true };
      });

      const operations: Operation[] = [];
      await api.register(async (keyed) => keyedRoutes(keyed, operations));

      // Before the key: a path of the API with another method is a 405 naming the ones it takes.
      const methods = new Map<string, string[]>();
      for (const { method, path } of operations) methods.set(path, [...(methods.get(path) ?? []), method]);
      for (const [path, allowed] of methods) {
        api.route({
          method: api.supportedMethods.filter((m) => !allowed.includes(m)),
          url: fastifyPath(path),
          exposeHeadRoute: false,
          handler: async (request) => {
            throw new DakiyaError("method_not_allowed", `${request.method} is not allowed on ${API_PREFIX}${restPath(request)}; use ${allowed.join(" or ")}.`, {
              headers: { Allow: allowed.join(", ") },
            });
          },
        });
      }

      api.setNotFoundHandler(async (request) => {
        throw new DakiyaError("not_found", `No endpoint ${request.method} ${API_PREFIX}${restPath(request)}. The reference is at ${API_PREFIX}/openapi.json.`);
      });
    },
    { prefix: API_PREFIX },
  );
};
