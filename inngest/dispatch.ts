import { inngest, inngestConfigured } from "./client";
import { sendDeliveries } from "./functions";
import { deliverLocally, runBatchLocally } from "./runner";

/**
 * Hands background work to Inngest when it is configured, else to the in-process runner. A send
 * that is lost is not a lost batch: the runner's sweep (or Inngest's retry) finds unfinished work
 * in the database.
 */
export async function scheduleBatch(batchId: string, workspaceId: string): Promise<void> {
  if (inngestConfigured()) {
    await inngest.send({ id: `batch-${batchId}`, name: "batch/created", data: { batchId, workspaceId } });
    return;
  }
  void runBatchLocally(batchId, workspaceId);
}

export async function scheduleDeliveries(deliveryIds: string[]): Promise<void> {
  if (!deliveryIds.length) return;
  if (inngestConfigured()) return sendDeliveries(deliveryIds);
  void deliverLocally(deliveryIds);
}
