import { databaseUnavailable, db } from "../server/db";
import { failBatch, purgeExpired } from "../server/batches";
import { purgeExpiredPersonalData } from "../server/privacy";
import { deliverWebhook, processBatch, stopSignal, sweep, type Steps } from "./steps";

/**
 * The in-process runner, used when Inngest is not configured (the embedded default and CI). It is
 * deliberately small: the guarantees are in the database (row claims with leases, charges keyed
 * by row), so all it does is run the step bodies Inngest runs, one batch at a time per workspace,
 * and sweep for unfinished batches and due webhook deliveries at start-up and every few seconds.
 */
const SWEEP_MS = 2_000;
const PURGE_MS = 3600_000;
/** Buyers' data past retention: at start-up, then daily (the Inngest cron's schedule when Inngest runs the work). */
const PRIVACY_PURGE_MS = 24 * 3600_000;
const MAX_RUN_FAILURES = 5;

const localSteps: Steps = {
  run: (_id, fn) => fn(),
  // A stop ends a wait at once: the sweep of the next process picks the work up.
  sleep: (_id, ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopSignal.removeEventListener("abort", done);
        resolve();
      }
      stopSignal.addEventListener("abort", done);
    }),
};

/** Batches queued or running here, and each workspace's tail (one batch at a time per workspace). */
const running = new Set<string>();
const workspaceTails = new Map<string, Promise<void>>();
const runFailures = new Map<string, number>();
const delivering = new Set<string>();
let timers: NodeJS.Timeout[] = [];

/** Runs each delivery's attempts on the backoff schedule, unless it already runs here. */
export function deliverLocally(deliveryIds: string[]): Promise<void> {
  return Promise.all(
    deliveryIds
      .filter((id) => !delivering.has(id))
      .map(async (id) => {
        delivering.add(id);
        try {
          await deliverWebhook(id, localSteps);
        } catch (err) {
          console.error(`webhook delivery ${id}:`, err);
        } finally {
          delivering.delete(id);
        }
      }),
  ).then(() => undefined);
}

async function run(batchId: string): Promise<void> {
  try {
    await processBatch(batchId, localSteps);
    runFailures.delete(batchId);
  } catch (err) {
    // The database away is no fault of the batch's: the sweep runs it again once it answers.
    if (databaseUnavailable(err)) {
      console.error(`batch ${batchId}: database unavailable, the sweep will run it again:`, (err as Error).message);
      return;
    }
    const failures = (runFailures.get(batchId) ?? 0) + 1;
    runFailures.set(batchId, failures);
    console.error(`batch ${batchId}: run failed (${failures}/${MAX_RUN_FAILURES}):`, err);
    if (failures >= MAX_RUN_FAILURES) {
      runFailures.delete(batchId);
      await failBatch(db(), batchId);
    }
  }
}

/** Queues a batch behind the workspace's running one; a batch already queued here is not queued twice. */
export function runBatchLocally(batchId: string, workspaceId: string): Promise<void> {
  if (stopSignal.aborted) return Promise.resolve();
  if (running.has(batchId)) return workspaceTails.get(workspaceId) ?? Promise.resolve();
  running.add(batchId);
  const tail: Promise<void> = (workspaceTails.get(workspaceId) ?? Promise.resolve())
    .then(() => run(batchId))
    .finally(() => {
      running.delete(batchId);
      if (workspaceTails.get(workspaceId) === tail) workspaceTails.delete(workspaceId);
    });
  workspaceTails.set(workspaceId, tail);
  return tail;
}

async function sweepHere(): Promise<void> {
  if (stopSignal.aborted) return;
  try {
    await sweep(localSteps, 0, async ({ batches, deliveries }) => {
      for (const b of batches) void runBatchLocally(b.id, b.workspaceId);
      void deliverLocally(deliveries.map((d) => d.id));
    });
  } catch (err) {
    console.error("runner sweep:", err);
  }
}

/** Never logs what it redacted: only that the run failed. */
async function purgePersonalData(): Promise<void> {
  try {
    await purgeExpiredPersonalData(db());
  } catch (err) {
    console.error("privacy purge:", (err as Error).message);
  }
}

export function startRunner(): void {
  if (timers.length || stopSignal.aborted) return;
  void sweepHere();
  void purgeExpired(db()).catch((err) => console.error("purge:", err));
  void purgePersonalData();
  timers = [
    setInterval(() => void sweepHere(), SWEEP_MS),
    setInterval(() => void purgeExpired(db()).catch((err) => console.error("purge:", err)), PURGE_MS),
    setInterval(() => void purgePersonalData(), PRIVACY_PURGE_MS),
  ];
  for (const t of timers) t.unref();
}

/** Stops sweeping (scheduler.stop also stops the work started here and waits for it). */
export function stopRunner(): void {
  for (const t of timers) clearInterval(t);
  timers = [];
}
