import type { Inngest } from "inngest";
import type { RecordedWork } from "../server/work";
import { deliverLocally, runBatchLocally, startRunner, stopRunner } from "./runner";
import { stopWork } from "./steps";

/**
 * The one seam between the domain and background work (docs/operations.md). The domain records
 * work in the database (a batch and its rows, a webhook delivery) and wakes the scheduler
 * (server/work), which hands the work to Inngest when Inngest is configured and to the in-process
 * runner otherwise. Events are sent every time (an idempotent repeat included: Inngest deduplicates by
 * event id), and a failed send is only logged: the sweep (the runner's loop, or the `work-sweep` cron
 * function) finds unfinished batches and due deliveries in the database either way.
 */

type Event = { id: string; name: string; data: Record<string, unknown> };

export function batchEvent(batchId: string, workspaceId: string, stall?: number): Event {
  return { id: stall === undefined ? `batch-${batchId}` : `batch-${batchId}-${stall}`, name: "batch/created", data: { batchId, workspaceId } };
}

export function deliveryEvent(deliveryId: string, attempts = 0): Event {
  return { id: `deliver-${deliveryId}-${attempts}`, name: "webhook/deliver", data: { deliveryId } };
}

export interface Scheduler {
  /** Starts recorded work now: the domain's waker (server/work). */
  schedule(work: RecordedWork): Promise<void>;
  /** Starts the in-process runner's sweep when Inngest is not configured (Inngest runs its own cron sweep). */
  start(): void;
  /**
   * Graceful stop (SIGTERM): stops claiming and sweeping, gives back the leases of rows claimed but not
   * started so another process can take them at once, and resolves once the rows and webhook attempts
   * already started have settled, or after `deadlineMs`.
   */
  stop(opts: { deadlineMs: number }): Promise<void>;
}

/** The scheduler sending to `inngest`, or with null running the work in this process. */
export function createScheduler(inngest: Inngest | null): Scheduler {
  async function send(events: Event[]): Promise<void> {
    if (!events.length) return;
    try {
      await inngest!.send(events);
    } catch (err) {
      console.error(`Inngest send of ${events.length} event(s) failed; the sweep will find the work:`, err);
    }
  }
  return {
    async schedule({ batch, deliveries = [] }) {
      if (inngest) return send([...(batch ? [batchEvent(batch.id, batch.workspaceId)] : []), ...deliveries.map((id) => deliveryEvent(id))]);
      if (batch) void runBatchLocally(batch.id, batch.workspaceId);
      if (deliveries.length) void deliverLocally(deliveries);
    },
    start() {
      if (!inngest) startRunner();
    },
    async stop({ deadlineMs }) {
      stopRunner();
      await stopWork({ deadlineMs });
    },
  };
}
