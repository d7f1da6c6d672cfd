import { forEachOpenApiProcedure, generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { ERROR_STATUS, type ErrorCode } from "../errors";
import { z } from "zod";
import { BatchProgressSchema, ErrorSchema, VerificationSchema } from "./schemas";
import { ConfirmationSchema } from "./routers/confirmations";
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

/** Every authenticated operation can give these; each procedure's `errorResponses` meta lists the others it can give. */
const EVERY_OPERATION_STATUSES = [401, 429, 500];

/** Each REST procedure declares its error statuses in its own meta, even none: the generator would otherwise invent its own list. */
function assertStatusesDeclared(): void {
  forEachOpenApiProcedure(appRouter._def.procedures, ({ path, meta: { openapi } }) => {
    if (!openapi.errorResponses) throw new Error(`OpenAPI: ${path} (${openapi.method} ${openapi.path}) declares no errorResponses in its meta`);
  });
}

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

const BatchEventSchema = z
  .object({
    id: z.string().meta({ description: "Event id, `evt_…`; the same on every delivery attempt as the body." }),
    type: z.enum(["batch.completed", "batch.failed", "batch.cancelled"]),
    created_at: z.string().meta({ description: "ISO 8601." }),
    data: BatchProgressSchema,
  })
  .meta({ id: "BatchEvent" });

const ConfirmedEventSchema = z
  .object({
    id: z.string().meta({ description: "Event id, `evt_…`; the same on every delivery attempt as the body." }),
    type: z.literal("address.confirmed"),
    created_at: z.string().meta({ description: "ISO 8601." }),
    data: z.object({ confirmation: ConfirmationSchema, verification: VerificationSchema }),
  })
  .meta({ id: "AddressConfirmedEvent" });

const CSV_COLUMNS = "row,order_id,address,status,verification_id,decision,score,validation_level,normalized,pincode,city,state,digipin,reasons,error_code";

function webhook(type: string, description: string, schema = "BatchEvent") {
  const signatureHeader = (name: string, description: string, example: string) => ({
    name,
    in: "header" as const,
    required: true,
    description,
    schema: { type: "string" as const },
    example,
  });
  return {
    post: {
      summary: `${type}`,
      description: `${description} Sent to every enabled webhook endpoint of the workspace, signed per Standard Webhooks; non-2xx answers and timeouts are retried with backoff for about a day (docs/webhooks.md).`,
      parameters: [
        signatureHeader("webhook-id", "Message id, the same on every attempt: use it to drop duplicates.", "msg_2Lq8Xw0aZx1mN4pR7sT9"),
        signatureHeader("webhook-timestamp", "Seconds since the epoch, of this attempt.", "1763806500"),
        signatureHeader("webhook-signature", "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's `whsec_` secret.", "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="),
      ],
      requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } } },
      responses: { "200": { description: "Any 2xx acknowledges the event." } },
    },
  };
}

/** What this file rewrites of a generated operation. */
type Operation = { responses: Record<string, { description?: string; content?: Record<string, unknown> }>; security?: Record<string, string[]>[] };

export function buildOpenApiDocument(): OpenAPIObject {
  assertStatusesDeclared();
  const doc = generateOpenApiDocument(appRouter, {
    title: "Dakiya API",
    version: "1.0.0-beta",
    description:
      "Address verification and DIGIPIN for Indian e-commerce. Every endpoint takes `Authorization: Bearer <API_KEY>` " +
      "(`dk_test_…` or `dk_live_…`); every response carries `X-Request-Id`; every failure has the Error body.",
    baseUrl: "/api/v1",
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A workspace API key: dk_test_… or dk_live_…" } },
    defs: { Error: ErrorSchema, BatchEvent: BatchEventSchema, AddressConfirmedEvent: ConfirmedEventSchema },
  });

  // openapi3-ts types a response as `any`; these are the parts of the generated operations rewritten here.
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      // The generator wrote the meta's errorResponses with its own bodies; each becomes the contract's.
      const statuses = Object.keys(op.responses)
        .filter((s) => !/^2/.test(s))
        .map(Number);
      const success = Object.entries(op.responses).filter(([s]) => /^2/.test(s));
      op.responses = Object.fromEntries(success.map(([s, r]) => [s, { ...r, headers: { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS } }]));
      for (const status of [...new Set([...statuses, ...EVERY_OPERATION_STATUSES])].sort()) op.responses[String(status)] = errorResponse(status);
      op.security = [{ bearerAuth: [] }];
    }
  }

  const batchCreate = paths["/addresses/verify/batch"]!.post!;
  batchCreate.responses = { "202": batchCreate.responses["200"]!, ...Object.fromEntries(Object.entries(batchCreate.responses).filter(([s]) => s !== "200")) };
  const confirm = paths["/confirmations"]!.post!;
  confirm.responses = {
    "201": { ...confirm.responses["200"]!, description: "A new link." },
    "200": { ...confirm.responses["200"]!, description: "The link already pending for this verification." },
    ...Object.fromEntries(Object.entries(confirm.responses).filter(([s]) => s !== "200")),
  };
  const download = paths["/batches/{batch_id}/download"]!.get!.responses["200"]!;
  download.description = "The results as CSV, one line per row in submitted order, after a header line.";
  download.content = {
    "text/csv": {
      schema: { type: "string", description: `Columns, in order: ${CSV_COLUMNS}. status is succeeded, failed or cancelled; reasons are codes joined with |.` },
      example: `${CSV_COLUMNS}\r\n1,ORD-1,"Flat 302, Prestige Shantiniketan, Whitefield, Bengaluru 560066",succeeded,ver_3kT9sQb2LmXw8ZpR1cVd,SHIP,90,building,"Flat 302, Prestige Shantiniketan, Whitefield, Bengaluru, Karnataka 560066",560066,Bengaluru,Karnataka,4P3JK852C9,provider_building_match,\r\n2,ORD-2,asdfgh qwerty 999999,succeeded,ver_9aZ4xWq8RtUo2PlK6nMb,HOLD,10,none,999999,,,,,junk_text|pincode_not_found,\r\n3,ORD-3,"12 MG Road, Bengaluru 560001",cancelled,,,,,,,,,,,\r\n`,
    },
  };
  // trpc-to-openapi adds its own error schemas; every error here uses the contract's Error.
  for (const name of Object.keys(doc.components?.schemas ?? {})) if (name.startsWith("error.")) delete doc.components!.schemas![name];

  doc.webhooks = {
    "batch.completed": webhook("batch.completed", "Every row of a batch finished (succeeded or failed)."),
    "batch.failed": webhook("batch.failed", "The batch job could not go on; its unfinished rows failed."),
    "batch.cancelled": webhook("batch.cancelled", "A cancelled batch settled: rows not started were cancelled, rows in flight finished."),
    "address.confirmed": webhook(
      "address.confirmed",
      "A buyer confirmed an address through a confirmation link: the confirmation and the new verification (docs/confirmations.md).",
      "AddressConfirmedEvent",
    ),
  };
  return doc;
}

let cached: OpenAPIObject | null = null;
export function openApiDocument(): OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
