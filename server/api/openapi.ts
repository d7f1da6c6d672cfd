import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { ERROR_STATUS, type ErrorCode } from "../errors";
import { ErrorSchema } from "./schemas";
import { appRouter } from "./root";

/**
 * The OpenAPI 3.1 document: paths and schemas generated from the tRPC procedures by
 * trpc-to-openapi, then completed with what the generator cannot know: the contract's error
 * responses, the headers every response carries, and the bearer scheme.
 */

const STATUS_TEXT: Record<number, string> = {
  400: "The request is malformed or fails the schema.",
  401: "No valid API key: missing, malformed, unknown or revoked.",
  403: "The key is not allowed to do this (a test key where a live key is needed, or a non-fixture address).",
  404: "Not found in this workspace.",
  409: "Conflicts with the current state.",
  410: "Gone: past the retention period.",
  422: "Well-formed but not allowed by the plan or the data.",
  429: "Over a rate limit or out of quota.",
  500: "Something unexpected failed; quote the request id.",
  502: "The validation provider answered with an error.",
  503: "The validation provider (or the database) is unavailable.",
  504: "The validation provider did not answer in time.",
};

/** Which statuses each operation can give, beyond 401/429/500 which every authenticated one can. */
const OPERATION_STATUSES: Record<string, number[]> = {
  "GET /digipin/{digipin}": [400],
  "POST /digipin/encode": [400],
  "POST /addresses/normalize": [400],
  "GET /usage": [],
  "POST /addresses/verify": [400, 403, 502, 503, 504],
  "POST /outcomes": [400, 403, 404, 409, 422],
  "POST /addresses/verify/batch": [400, 403, 409, 422],
  "GET /batches/{batch_id}": [404],
  "POST /batches/{batch_id}/cancel": [403, 404],
  "GET /batches/{batch_id}/download": [403, 404, 409, 410],
};

function codesFor(status: number): ErrorCode[] {
  return (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).filter(([, s]) => s === status).map(([c]) => c);
}

const header = (description: string, example: string | number) => ({ description, schema: { type: typeof example === "number" ? "integer" : "string" }, example });
const REQUEST_ID_HEADER = { "X-Request-Id": header("Identifies this request; error bodies repeat it as request_id.", "req_8fJ2kQ0aZx1mN4pR7sT9") };
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": header("Requests allowed in the current one-minute window for this key and endpoint.", 600),
  "RateLimit-Remaining": header("Requests left in the window.", 599),
  "RateLimit-Reset": header("Seconds until the window resets.", 42),
};

function errorResponse(status: number) {
  const codes = codesFor(status);
  const code = codes[0]!;
  return {
    description: `${STATUS_TEXT[status]} error.code: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers: {
      ...REQUEST_ID_HEADER,
      ...(status === 429 ? { ...RATE_LIMIT_HEADERS, "Retry-After": header("Seconds to wait before retrying.", 42) } : {}),
      ...(status === 503 ? { "Retry-After": header("Seconds to wait before retrying.", 30) } : {}),
    },
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        example: {
          error: { code, message: STATUS_TEXT[status], ...(status === 400 ? { details: [{ path: "lat", message: "lat must be at most 38.5" }] } : {}) },
          request_id: "req_8fJ2kQ0aZx1mN4pR7sT9",
        },
      },
    },
  };
}

export function buildOpenApiDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Dakiya API",
    version: "1.0.0-beta",
    description:
      "Address verification and DIGIPIN for Indian e-commerce. Every endpoint takes `Authorization: Bearer <API_KEY>` " +
      "(`dk_test_…` or `dk_live_…`); every response carries `X-Request-Id`; every failure has the Error body.",
    baseUrl: "/api/v1",
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A workspace API key: dk_test_… or dk_live_…" } },
    defs: { Error: ErrorSchema },
  });

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, any>)) {
      const statuses = OPERATION_STATUSES[`${method.toUpperCase()} ${path}`];
      if (!statuses) throw new Error(`OpenAPI: no error statuses declared for ${method.toUpperCase()} ${path}`);
      const success = Object.entries(op.responses as Record<string, any>).filter(([s]) => /^2/.test(s));
      op.responses = Object.fromEntries(success.map(([s, r]) => [s, { ...r, headers: { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS } }]));
      for (const status of [...new Set([...statuses, 401, 429, 500])].sort()) op.responses[String(status)] = errorResponse(status);
      op.security = [{ bearerAuth: [] }];
    }
  }
  return doc;
}

let cached: OpenAPIObject | null = null;
export function openApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
