import { db } from "../server/db";
import { nowMs } from "../server/clock";
import { unfinishedBatches } from "../server/batches";
import { workBatch } from "../server/batches/work";
import { attemptDelivery } from "../server/webhooks";
import { releaseStaleReservations } from "../server/quota";

/**
 * The durable workflows, written once against the two step tools they need, so Inngest's `step`
 * and the in-process runner's run the same bodies. Every step is idempotent in the database.
 */
export interface Steps {
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  sleep(id: string, ms: number): Promise<void>;
}

/** One step's share of a batch: a 1000-row batch at the provider's pace needs a few seconds. */
const STEP_BUDGET_MS = 30_000;

/** Aborted by `stopWork`: no new row or attempt starts in this process. */
const halt = new AbortController();
/** Work started in this process (batch steps, webhook attempts), for `stopWork` to wait on. */
const inProgress = new Set<Promise<unknown>>();

function tracked<T>(work: Promise<T>): Promise<T> {
  inProgress.add(work);
  void work.then(
    () => inProgress.delete(work),
    () => inProgress.delete(work),
  );
  return work;
}

export const stopSignal: AbortSignal = halt.signal;

/**
 * Stops this process's background work: nothing new starts, rows claimed but not started are
 * given back at once, and work already started (rows with the provider, a webhook attempt) may
 * finish and settle until `deadlineMs` has passed.
 */
export async function stopWork({ deadlineMs }: { deadlineMs: number }): Promise<void> {
  halt.abort();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...inProgress]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, deadlineMs);
    }),
  ]);
  clearTimeout(timer);
}

/** A batch, step after step; the batch's webhook deliveries are scheduled by the domain as it finishes (server/work). */
export async function processBatch(batchId: string, steps: Steps): Promise<void> {
  for (let i = 0; ; i++) {
    if (halt.signal.aborted) return;
    const r = await steps.run(`work-${i}`, () => tracked(workBatch(db(), batchId, { signal: halt.signal, budgetMs: STEP_BUDGET_MS })));
    if (r.done) return;
    if (r.waitMs > 0) await steps.sleep(`wait-${i}`, r.waitMs);
  }
}

/** One delivery, attempt after attempt on the backoff schedule, with the same webhook-id. */
export async function deliverWebhook(deliveryId: string, steps: Steps): Promise<void> {
  for (let i = 0; ; i++) {
    if (halt.signal.aborted) return;
    const r = await steps.run(`attempt-${i}`, () => tracked(attemptDelivery(db(), deliveryId)));
    if (r.done || !r.nextAttemptAt) return;
    await steps.sleep(`backoff-${i}`, Math.max(0, new Date(r.nextAttemptAt).getTime() - nowMs()));
  }
}

export interface LostWork {
  batches: { id: string; workspaceId: string; lastActivityMs: number }[];
  deliveries: { id: string; attempts: number }[];
}

/**
 * The sweep: stale quota reservations released, then unfinished batches untouched for `quietMs` and deliveries overdue by `quietMs`,
 * handed to `handOver` (the runner starts them unless they already run here; the Inngest cron
 * function sends their events again, with ids that name the stall so a repeated sweep is deduplicated).
 */
export async function sweep(steps: Steps, quietMs: number, handOver: (work: LostWork) => Promise<void>): Promise<{ batches: number; deliveries: number }> {
  const work = await steps.run("find", async (): Promise<LostWork> => {
    // Units a dead process reserved for a provider call are given back here too.
    await releaseStaleReservations(db());
    const cutoff = new Date(nowMs() - quietMs);
    const deliveries = await db().webhookDelivery.findMany({
      where: { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: cutoff } }], createdAt: { lte: cutoff } },
      select: { id: true, attempts: true },
      orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
      take: 100,
    });
    return { batches: await unfinishedBatches(db(), quietMs), deliveries };
  });
  if (work.batches.length || work.deliveries.length) await steps.run("hand-over", () => handOver(work));
  return { batches: work.batches.length, deliveries: work.deliveries.length };
}
