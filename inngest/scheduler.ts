import { inngest, inngestConfigured } from "./client";
import { deliverLocally, runBatchLocally, startRunner, stopRunner } from "./runner";
import { stopWork } from "./steps";

/**
 * The one seam between the domain and background work (docs/operations.md). The domain records
 * work in the database (a batch and its rows, a webhook delivery) and then tells the scheduler,
 * which hands it to Inngest when Inngest is configured and to the in-process runner otherwise.
 * Events are sent every time (an idempotent repeat included: Inngest deduplicates by event id), and
 * a failed send is only logged: the sweep (the runner's loop, or the `work-sweep` cron function)
 * finds unfinished batches and due deliveries in the database either way.
 */

type Event = { id: string; name: string; data: Record<string, unknown> };

async function send(events: Event[]): Promise<void> {
  if (!events.length) return;
  try {
    await inngest.send(events);
  } catch (err) {
    console.error(`Inngest send of ${events.length} event(s) failed; the sweep will find the work:`, err);
  }
}

export function batchEvent(batchId: string, workspaceId: string, stall?: number): Event {
  return { id: stall === undefined ? `batch-${batchId}` : `batch-${batchId}-${stall}`, name: "batch/created", data: { batchId, workspaceId } };
}

export function deliveryEvent(deliveryId: string, attempts = 0): Event {
  return { id: `deliver-${deliveryId}-${attempts}`, name: "webhook/deliver", data: { deliveryId } };
}

export async function scheduleBatch(batchId: string, workspaceId: string): Promise<void> {
  if (inngestConfigured()) return send([batchEvent(batchId, workspaceId)]);
  void runBatchLocally(batchId, workspaceId);
}

export async function scheduleDeliveries(deliveryIds: string[]): Promise<void> {
  if (inngestConfigured()) return send(deliveryIds.map((id) => deliveryEvent(id)));
  void deliverLocally(deliveryIds);
}

/** Starts the in-process runner when Inngest is not configured (Inngest runs its own cron sweep). */
export function start(): void {
  if (!inngestConfigured()) startRunner();
}

/**
 * Graceful stop (SIGTERM): stops claiming and sweeping, gives back the leases of rows claimed but not
 * started so another process can take them at once, and resolves once the rows and webhook attempts
 * already started have settled, or after `deadlineMs`.
 */
export async function stop({ deadlineMs }: { deadlineMs: number }): Promise<void> {
  stopRunner();
  await stopWork({ deadlineMs });
}

export const scheduler = { scheduleBatch, scheduleDeliveries, start, stop };
