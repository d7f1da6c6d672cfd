import { db } from "../server/db";
import { processChunk } from "../server/batches";
import { attemptDelivery } from "../server/webhooks";
import { nowMs } from "../server/clock";

/**
 * The durable workflows, written once against the two step tools they need, so Inngest's `step`
 * and the in-process runner's run the same bodies. Every step is idempotent in the database.
 */
export interface Steps {
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  sleep(id: string, ms: number): Promise<void>;
}

export async function processBatch(batchId: string, steps: Steps, notify: (deliveryIds: string[]) => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    const r = await steps.run(`chunk-${i}`, () => processChunk(db(), batchId));
    if (r.deliveries.length) await steps.run(`notify-${i}`, () => notify(r.deliveries));
    if (r.done) return;
    if (r.waitMs > 0) await steps.sleep(`wait-${i}`, r.waitMs);
  }
}

export async function deliverWebhook(deliveryId: string, steps: Steps): Promise<void> {
  for (let i = 0; ; i++) {
    const r = await steps.run(`attempt-${i}`, () => attemptDelivery(db(), deliveryId));
    if (r.done || !r.nextAttemptAt) return;
    await steps.sleep(`backoff-${i}`, Math.max(0, new Date(r.nextAttemptAt).getTime() - nowMs()));
  }
}
