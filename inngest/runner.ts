import { db } from "../server/db";
import { failBatch, purgeExpired, unfinishedBatches } from "../server/batches";
import { attemptDelivery, dueDeliveries } from "../server/webhooks";
import { processBatch, type Steps } from "./steps";

/**
 * The in-process runner, used when Inngest is not configured (the embedded default and CI). It is
 * deliberately small: the guarantees are in the database (row claims with leases, charges keyed
 * by row), so all it does is run the step bodies, one batch at a time per workspace, and sweep for
 * unfinished batches and due webhook deliveries at start-up and every few seconds.
 */
const SWEEP_MS = 2_000;
const PURGE_MS = 3600_000;
const MAX_RUN_FAILURES = 5;

const localSteps: Steps = {
  run: (_id, fn) => fn(),
  sleep: (_id, ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const running = new Set<string>();
const workspaceQueues = new Map<string, Promise<void>>();
const runFailures = new Map<string, number>();
const delivering = new Set<string>();
let timers: NodeJS.Timeout[] = [];

async function deliver(deliveryIds: string[]): Promise<void> {
  await Promise.all(
    deliveryIds
      .filter((id) => !delivering.has(id))
      .map(async (id) => {
        delivering.add(id);
        try {
          await attemptDelivery(db(), id);
        } catch (err) {
          console.error(`webhook delivery ${id}:`, err);
        } finally {
          delivering.delete(id);
        }
      }),
  );
}

async function run(batchId: string): Promise<void> {
  try {
    await processBatch(batchId, localSteps, deliver);
    runFailures.delete(batchId);
  } catch (err) {
    const failures = (runFailures.get(batchId) ?? 0) + 1;
    runFailures.set(batchId, failures);
    console.error(`batch ${batchId}: run failed (${failures}/${MAX_RUN_FAILURES}):`, err);
    if (failures >= MAX_RUN_FAILURES) await deliver(await failBatch(db(), batchId));
  }
}

/** Queues a batch behind the workspace's running one; a batch already queued here is not queued twice. */
export function runBatchLocally(batchId: string, workspaceId: string): Promise<void> {
  if (running.has(batchId)) return workspaceQueues.get(workspaceId) ?? Promise.resolve();
  running.add(batchId);
  const next = (workspaceQueues.get(workspaceId) ?? Promise.resolve()).then(() => run(batchId)).finally(() => running.delete(batchId));
  workspaceQueues.set(workspaceId, next);
  return next;
}

export function deliverLocally(deliveryIds: string[]): Promise<void> {
  return deliver(deliveryIds);
}

async function sweep(): Promise<void> {
  try {
    for (const b of await unfinishedBatches(db())) void runBatchLocally(b.id, b.workspaceId);
    await deliver(await dueDeliveries(db()));
  } catch (err) {
    console.error("runner sweep:", err);
  }
}

export function startRunner(): void {
  if (timers.length) return;
  void sweep();
  void purgeExpired(db()).catch((err) => console.error("purge:", err));
  timers = [
    setInterval(() => void sweep(), SWEEP_MS),
    setInterval(() => void purgeExpired(db()).catch((err) => console.error("purge:", err)), PURGE_MS),
  ];
  for (const t of timers) t.unref();
}

/** Stops sweeping and waits, at most `deadlineMs`, for the batches running here. */
export async function stopRunner(opts: { deadlineMs: number }): Promise<void> {
  for (const t of timers) clearInterval(t);
  timers = [];
  await Promise.race([Promise.allSettled([...workspaceQueues.values()]), new Promise((resolve) => setTimeout(resolve, opts.deadlineMs).unref())]);
}
