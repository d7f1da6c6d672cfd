/**
 * Background work the domain records in the database (a batch to run, webhook deliveries to attempt)
 * starts at once: the domain function that commits it calls `workRecorded` after the commit, and the
 * process's waker (the scheduler, inngest/scheduler.ts, named by the HTTP server that serves the
 * procedures) hands it to Inngest or to the in-process runner. So recording work and waking the
 * scheduler are one act, and no caller has to remember the ids. Without a waker (the CLI, the domain's
 * own tests) the work waits in the database for the sweep, which is where a lost wake-up ends up too.
 */
export interface RecordedWork {
  batch?: { id: string; workspaceId: string };
  deliveries?: string[];
}

export type WorkWaker = (work: RecordedWork) => Promise<void>;

let waker: WorkWaker | null = null;

/** Names the process's waker (null: none, the sweep finds the work). */
export function setWorkWaker(next: WorkWaker | null): void {
  waker = next;
}

/** Called by the domain once `work` is committed. */
export async function workRecorded(work: RecordedWork): Promise<void> {
  if (waker && (work.batch || work.deliveries?.length)) await waker(work);
}
