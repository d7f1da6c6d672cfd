import { z } from "zod";
import { cancelBatch, createBatch, getProgress, resultsCsv } from "../../batches";
import { apiProcedure, liveProcedure, liveWriteProcedure, router } from "../trpc";
import { AddressText, IdText, OrderFields } from "../schemas";
import { BATCH_MAX_ROWS, BATCH_NAME_MAX_LENGTH, ORDER_ID_MAX_LENGTH } from "../../../lib/shared";

const STATUSES = ["queued", "processing", "completed", "failed", "cancelling", "cancelled"] as const;

const counters = {
  batch_id: z.string(),
  status: z.enum(STATUSES),
  total: z.number().int().min(0),
  done: z.number().int().min(0).meta({ description: "succeeded + failed; cancelled rows are not counted." }),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.number().int().min(0).meta({ description: "Rows cancelled before they started." }),
};

export const BatchProgressSchema = z
  .object({
    ...counters,
    results_url: z.string().nullable().meta({ description: "Absolute URL of the CSV download once the batch is completed or cancelled, else null." }),
  })
  .meta({
    id: "BatchProgress",
    example: { batch_id: "bat_5Hn2kQp9LmXw8ZpR1cVd", status: "processing", total: 1000, done: 412, succeeded: 409, failed: 3, cancelled: 0, results_url: null },
  });

const BatchIdInput = z.object({ batch_id: IdText.meta({ example: "bat_5Hn2kQp9LmXw8ZpR1cVd" }) });

export const batchesRouter = router({
  create: liveWriteProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addresses/verify/batch",
        errorResponses: [400, 403, 409, 422],
        tags: ["Batches"],
        summary: "Queue a batch",
        successDescription: "Accepted (202): the batch is queued.",
        description:
          "Queues 1–1000 addresses (at most the plan's batch cap) for verification in the background; each row costs 1 unit when its verification starts. With `idempotency_key`, repeating the same request within seven days returns the same batch and queues nothing; the same key with a different body is a 409. Every row is decided by the decision policy version in force when the batch is created. Live keys only.",
      },
    })
    .input(
      z
        .object({
          addresses: z
            .array(z.object({ address: AddressText, order_id: z.string().max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`).optional(), ...OrderFields }))
            .min(1, "addresses must have at least 1 item")
            .max(BATCH_MAX_ROWS, `addresses must have at most ${BATCH_MAX_ROWS} items`),
          name: z
            .string({ error: "name must be a string" })
            .trim()
            .min(1, "name must not be empty")
            .max(BATCH_NAME_MAX_LENGTH, `name must be at most ${BATCH_NAME_MAX_LENGTH} characters`)
            .optional()
            .meta({ description: `Your name for the batch, shown in the console's batch list (the console gives the CSV's file name); at most ${BATCH_NAME_MAX_LENGTH} characters.` }),
          idempotency_key: z.string().min(1).max(255).optional().meta({ description: "Your key for safe retries, per workspace, kept seven days." }),
        })
        .meta({
          example: {
            addresses: [{ address: "Flat 302, Prestige Shantiniketan, Whitefield, Bengaluru 560066", order_id: "ORD-1" }],
            name: "orders-2026-11-22.csv",
            idempotency_key: "upload-2026-11-22-a",
          },
        }),
    )
    .output(
      z
        .object({ batch_id: z.string(), status: z.literal("queued"), total: z.number().int() })
        .meta({ id: "BatchAccepted", example: { batch_id: "bat_5Hn2kQp9LmXw8ZpR1cVd", status: "queued", total: 1000 } }),
    )
    .mutation(async ({ ctx, input }) => {
      const { batch } = await createBatch(ctx.db, ctx.caller, input);
      ctx.response.status = 202;
      return { batch_id: batch.id, status: "queued" as const, total: batch.total };
    }),

  get: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/batches/{batch_id}",
        errorResponses: [404],
        tags: ["Batches"],
        summary: "Read batch progress",
        description: "The batch's status and counters. Counters never decrease; `done` = succeeded + failed. Either key kind may read batches of its workspace.",
      },
    })
    .input(BatchIdInput)
    .output(BatchProgressSchema)
    .query(({ ctx, input }) => getProgress(ctx.db, ctx.caller.workspaceId, input.batch_id, ctx.origin)),

  cancel: liveWriteProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/batches/{batch_id}/cancel",
        errorResponses: [403, 404],
        tags: ["Batches"],
        summary: "Cancel remaining batch work",
        description:
          "Rows not started are cancelled; rows in flight finish (and may use quota), then the batch is cancelled. Completed batches stay completed. Repeating is safe and returns the current state. No body. Live keys only.",
      },
    })
    .input(BatchIdInput)
    .output(z.object(counters).meta({ id: "BatchState" }))
    .mutation(async ({ ctx, input }) => {
      const { results_url: _url, ...state } = await cancelBatch(ctx.db, ctx.caller.workspaceId, input.batch_id, ctx.origin);
      return state;
    }),

  download: liveProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/batches/{batch_id}/download",
        errorResponses: [403, 404, 409, 410],
        tags: ["Batches"],
        summary: "Download batch results (CSV)",
        description:
          "Every row in submitted order with its status, as `text/csv`. Columns: row, order_id, address, status, verification_id, decision, score, validation_level, normalized, pincode, city, state, digipin, reasons (codes joined with |), error_code. Cancelled rows have empty result columns. Cells starting with = + - @ tab or CR are prefixed with ' against spreadsheet formula injection. 409 while the batch is active; 410 after seven days. Live keys only.",
      },
    })
    .input(BatchIdInput)
    // The CSV text, whole (a batch has at most 1000 rows); REST sends it as text/csv (server/http/rest.ts).
    .output(z.string())
    .query(async ({ ctx, input }) => new Response(await resultsCsv(ctx.db, ctx.caller.workspaceId, input.batch_id)).text()),
});
