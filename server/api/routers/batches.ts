import { z } from "zod";
import { cancelBatch, getProgress, resultsCsv } from "../../batches";
import { apiProcedure, liveProcedure, liveWriteProcedure, router } from "../trpc";
import { batchCounters, BatchProgressSchema, IdText } from "../schemas";

const BatchIdInput = z.object({ batch_id: IdText.meta({ example: "bat_5Hn2kQp9LmXw8ZpR1cVd" }) });

export const batchesRouter = router({
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
    .output(z.object(batchCounters).meta({ id: "BatchState" }))
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
