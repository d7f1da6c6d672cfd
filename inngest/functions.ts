import type { Inngest } from "inngest";
import { db } from "../server/db";
import { config } from "../server/config";
import { failBatch, purgeExpired } from "../server/batches";
import { purgeExpiredPersonalData } from "../server/privacy";
import { batchEvent, deliveryEvent } from "./scheduler";
import { deliverWebhook, processBatch, sweep, type Steps } from "./steps";

/** The daily purge of buyers' data past retention: 02:23 UTC, a quiet hour for Indian shops. */
export const PRIVACY_PURGE_CRON = "23 2 * * *";

type InngestStep = { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown>; sleep: (id: string, ms: number) => Promise<void> };

function steps(step: InngestStep): Steps {
  return {
    run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as Promise<T>,
    sleep: (id, ms) => step.sleep(id, ms),
  };
}

/** The Inngest functions, defined on the process's client (server/http/server.ts serves them at /api/inngest). */
export function inngestFunctions(inngest: Inngest) {
  /** batch/process: one batch at a time per workspace; a run that keeps failing fails the batch. */
  const batchProcess = inngest.createFunction(
    {
      id: "batch-process",
      triggers: [{ event: "batch/created" }],
      concurrency: [{ key: "event.data.workspaceId", limit: 1 }],
      retries: 5,
      onFailure: async ({ event }: { event: { data: { event: { data: { batchId: string } } } } }) => {
        await failBatch(db(), event.data.event.data.batchId);
      },
    },
    async ({ event, step }: { event: { data: { batchId: string } }; step: InngestStep }) => {
      await processBatch(event.data.batchId, steps(step));
    },
  );

  /** webhook/deliver: one event to one endpoint, retried on the backoff schedule (the same webhook-id). */
  const webhookDeliver = inngest.createFunction(
    { id: "webhook-deliver", triggers: [{ event: "webhook/deliver" }], retries: 3 },
    async ({ event, step }: { event: { data: { deliveryId: string } }; step: InngestStep }) => {
      await deliverWebhook(event.data.deliveryId, steps(step));
    },
  );

  /**
   * work-sweep: every minute, the runner's sweep with Inngest: batches untouched and deliveries
   * overdue for SWEEP_AFTER_MS get their events again (a lost send, a stopped run), with ids naming
   * the stall so one stall is sent once.
   */
  const workSweep = inngest.createFunction({ id: "work-sweep", triggers: [{ cron: "* * * * *" }] }, async ({ step }: { step: InngestStep }) =>
    sweep(steps(step), config().SWEEP_AFTER_MS, async ({ batches, deliveries }) => {
      await inngest.send([...batches.map((b) => batchEvent(b.id, b.workspaceId, b.lastActivityMs)), ...deliveries.map((d) => deliveryEvent(d.id, d.attempts))]);
    }),
  );

  /** batch/purge-expired: hourly, rows of batches past their seven days are deleted. */
  const purgeExpiredBatches = inngest.createFunction({ id: "batch-purge-expired", triggers: [{ cron: "17 * * * *" }] }, async ({ step }: { step: InngestStep }) =>
    step.run("purge", () => purgeExpired(db())),
  );

  /** privacy/purge: daily, verifications past their workspace's retention are redacted (docs/privacy.md). */
  const purgePersonalData = inngest.createFunction({ id: "privacy-purge", triggers: [{ cron: PRIVACY_PURGE_CRON }] }, async ({ step }: { step: InngestStep }) =>
    step.run("purge", () => purgeExpiredPersonalData(db())),
  );

  return { batchProcess, webhookDeliver, workSweep, purgeExpiredBatches, purgePersonalData };
}
