/** Rows per page of the batch page's table. */
export const PAGE_SIZE = 50;

/**
 * The rows query the batch page opens with (no filter, row order, first page): the server renders
 * it into the page and the table's first query finds it already answered.
 */
export function firstPageInput(batchId: string) {
  return { batch_id: batchId, decisions: [] as never[], statuses: [] as never[], sort: "row" as const, order: "asc" as const, limit: PAGE_SIZE };
}
