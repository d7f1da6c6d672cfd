import { db } from "../server/db";
import { failBatch, purgeExpired } from "../server/batches";
import { inngest } from "./client";
import { deliverWebhook, processBatch, type Steps } from "./steps";

type InngestStep = { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown>; sleep: (id: string, ms: number) => Promise<void> };

function steps(step: InngestStep): Steps {
  return {
    run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as Promise<T>,
    sleep: (id, ms) => step.sleep(id, ms),
  };
}

export async function sendDeliveries(deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length) await inngest.send(deliveryIds.map((id) => ({ id: `deliver-${id}`, name: "webhook/deliver", data: { deliveryId: id } })));
}

/** batch/process: one batch at a time per workspace; a run that keeps failing fails the batch. */
export const batchProcess = inngest.createFunction(
  {
    id: "batch-process",
    triggers: [{ event: "batch/created" }],
    concurrency: [{ key: "event.data.workspaceId", limit: 1 }],
    retries: 5,
    onFailure: async ({ event }: { event: { data: { event: { data: { batchId: string } } } } }) => {
      await sendDeliveries(await failBatch(db(), event.data.event.data.batchId));
    },
  },
  async ({ event, step }: { event: { data: { batchId: string } }; step: InngestStep }) => {
    await processBatch(event.data.batchId, steps(step), sendDeliveries);
  },
);

/** webhook/deliver: one event to one endpoint, retried on the backoff schedule (the same webhook-id). */
export const webhookDeliver = inngest.createFunction(
  { id: "webhook-deliver", triggers: [{ event: "webhook/deliver" }], retries: 3 },
  async ({ event, step }: { event: { data: { deliveryId: string } }; step: InngestStep }) => {
    await deliverWebhook(event.data.deliveryId, steps(step));
  },
);

/** batch/purge-expired: hourly, rows of batches past their seven days are deleted. */
export const purgeExpiredBatches = inngest.createFunction(
  { id: "batch-purge-expired", triggers: [{ cron: "17 * * * *" }] },
  async ({ step }: { step: InngestStep }) => step.run("purge", () => purgeExpired(db())),
);

export const functions = [batchProcess, webhookDeliver, purgeExpiredBatches];
