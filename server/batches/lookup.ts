import type { DbOrTx } from "../db";
import { DakiyaError } from "../errors";
import { isId } from "../ids";

/** The workspace's batch, or 404 `batch_not_found` (another workspace's batch included); ids that cannot be ids are not looked up. */
export async function findBatch(db: DbOrTx, workspaceId: string, batchId: string) {
  const batch = isId("bat", batchId) ? await db.batch.findFirst({ where: { id: batchId, workspaceId } }) : null;
  if (!batch) throw new DakiyaError("batch_not_found", `No batch ${batchId} in this workspace.`);
  return batch;
}
