import { z } from "zod";
import { batchName, listBatches } from "../../../batches";
import { decisionCounts, filteredOrderIds, RESULTS_PAGE_MAX, RESULTS_SORTS, resultRows, ROW_STATUSES, type ResultsFilter } from "../../../batches/results";
import { memberProcedure, router } from "../../trpc";
import { ORDER_ID_MAX_LENGTH } from "../../../../lib/shared";
import { DECISIONS } from "../../../../lib/words";

const BatchId = z.object({ batch_id: z.string().min(1).max(64) });
const OrderIdSearch = z.string().trim().max(ORDER_ID_MAX_LENGTH).optional();

const FilterInput = BatchId.extend({
  decisions: z.array(z.enum(DECISIONS)).max(DECISIONS.length).optional(),
  statuses: z.array(z.enum(ROW_STATUSES)).max(ROW_STATUSES.length).optional(),
  order_id: OrderIdSearch,
});
const filterOf = (input: z.infer<typeof FilterInput>): ResultsFilter => ({ decisions: input.decisions, statuses: input.statuses, orderId: input.order_id || undefined });

/** A batch's rows: filtered by decision, status and part of the order id; sorted by row or score; a page at a time. */
const ResultsInput = FilterInput.extend({
  sort: z.enum(RESULTS_SORTS).default("row"),
  order: z.enum(["asc", "desc"]).default("asc"),
  cursor: z.string().max(32).optional(),
  limit: z.number().int().min(1).max(RESULTS_PAGE_MAX).default(50),
});

/** Comma-separated values of one query parameter, each one of `values`. */
const listParam = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .max(200)
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values)));

/**
 * The query parameters of the console's filtered CSV download (`/batches/{id}/download?…`), the same
 * filter as `batchResults.rows`: `decision=REVIEW,HOLD`, `status=failed,cancelled`, `order_id=ORD-1`.
 * None of them: every row.
 */
export const ResultsDownloadQuery = z
  .object({ decision: listParam(DECISIONS).optional(), status: listParam(ROW_STATUSES).optional(), order_id: OrderIdSearch })
  .transform((q): ResultsFilter => ({ decisions: q.decision, statuses: q.status, orderId: q.order_id || undefined }));

/** The batch list and a batch's rows (the Batches pages). */
export const batchProcedures = {
  batches: memberProcedure.input(z.object({ limit: z.number().int().min(1).max(200).default(50) })).query(({ ctx, input }) => listBatches(ctx.db, ctx.caller.workspaceId, input.limit)),

  /** The name a batch was given (null: none), for the heading of its page. */
  batchName: memberProcedure.input(BatchId).query(async ({ ctx, input }) => ({ name: await batchName(ctx.db, ctx.caller.workspaceId, input.batch_id) })),

  batchResults: router({
    /** SHIP / REVIEW / HOLD, failed, cancelled and unfinished rows of one batch, for its chart. */
    counts: memberProcedure.input(BatchId).query(({ ctx, input }) => decisionCounts(ctx.db, ctx.caller.workspaceId, input.batch_id)),
    rows: memberProcedure
      .input(ResultsInput)
      .query(({ ctx, input }) =>
        resultRows(ctx.db, ctx.caller.workspaceId, input.batch_id, { ...filterOf(input), sort: input.sort, order: input.order, cursor: input.cursor, limit: input.limit }),
      ),
    /** The order ids of the filtered rows (to copy). */
    orderIds: memberProcedure.input(FilterInput).query(({ ctx, input }) => filteredOrderIds(ctx.db, ctx.caller.workspaceId, input.batch_id, filterOf(input))),
  }),
};
