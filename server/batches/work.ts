import { nowMs, now } from "../clock";
import { config } from "../config";
import { databaseUnavailable, query, type Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { capOf, chargeCtes, COST_TENTHS, releaseReservation, reserveCtes, reservedSql, type Charge } from "../quota";
import {
  consultProvider,
  deciderFor,
  insertRecordsCte,
  liveRecord,
  prepareAddress,
  readContext,
  recordsCte,
  type Decider,
  type History,
  type PreparedAddress,
  type StoredRecord,
} from "../verification";
import { workRecorded } from "../work";
import type { PaymentMethod } from "../../lib/words";
import { closeIfFinished, TERMINAL, WORKER_ID } from "./index";

/**
 * Working a batch (docs/performance.md): a pool of `PROVIDER_CONCURRENCY` slots, each starting the
 * next row as soon as its row is verified, fed from rows claimed ahead in groups with a lease, and
 * results settled in groups with one statement each. A row's verification, its charge and its
 * settlement still commit together (in the group's statement), so a crash at any point leaves a
 * row either done or claimable again once its lease runs out; a row verified but not yet settled
 * at a crash is verified again, never recorded or charged twice. Each row reads the batch's status
 * right before its provider call, so a cancel stops every row not yet sent, wherever it was claimed.
 * Results that cannot be saved because the database is away are kept (at most the rows in flight:
 * nothing new starts then) and saved when it is back, within the rows' leases: only a row whose
 * provider call never finished is called again.
 */

const MAX_ROW_ATTEMPTS = 3;
const RETRYABLE = new Set(["provider_error", "provider_unavailable", "provider_timeout"]);
/** How long a verified row may wait for more results before its group is settled anyway. */
const SETTLE_AFTER_MS = 25;
/** How often results kept through a database outage are offered to it again. */
const SETTLE_RETRY_MS = 250;

interface ClaimedRow {
  id: string;
  index: number;
  address: string;
  orderId: string | null;
  paymentMethod: PaymentMethod | null;
  orderValue: number | null;
  attempts: number;
}

interface QueuedRow {
  row: ClaimedRow;
  p: PreparedAddress;
  history: History;
  /** The batch's policy version (the one in force when it was created) with the workspace's current curve. */
  decider: Decider;
  /** The read before the row showed a no-overage plan with no unit left: fail it without a provider call. */
  noQuota: boolean;
}

/** A row settled without a verification: failed, cancelled, or given back (`pending`) to be claimed again. */
interface OtherOutcome {
  rowId: string;
  status: "failed" | "cancelled" | "pending";
  errorCode?: string;
  /** Given back without being started: its claim does not count as an attempt. */
  unstarted?: boolean;
}

export interface WorkResult {
  /** Nothing left to do for this batch. */
  done: boolean;
  /** Stopped early (the process is stopping, or the step's time ran out); rows not started were given back. */
  halted: boolean;
  /** Rows settled by this run. */
  processed: number;
  /** Milliseconds to wait before working the batch again (rows leased elsewhere, or released for a retry). */
  waitMs: number;
}

export interface WorkOptions {
  worker?: string;
  /** Slots, and the size of a claimed group; defaults to PROVIDER_CONCURRENCY. */
  concurrency?: number;
  /** Stop claiming after this long (a durable step's share of the batch). */
  budgetMs?: number;
  /** Aborted when the process stops: no new row starts, rows not started are given back. */
  signal?: AbortSignal;
}

/** Works a batch until it has nothing claimable, the budget runs out or the signal stops it. */
export async function workBatch(db: Db, batchId: string, opts: WorkOptions = {}): Promise<WorkResult> {
  const worker = opts.worker ?? WORKER_ID;
  const concurrency = opts.concurrency ?? config().PROVIDER_CONCURRENCY;
  const batch = await db.batch.findUnique({ where: { id: batchId }, include: { workspace: { include: { plan: true } } } });
  if (!batch || TERMINAL.includes(batch.status)) return { done: true, halted: false, processed: 0, waitMs: 0 };
  if (batch.status === "queued") {
    await db.batch.updateMany({ where: { id: batchId, status: "queued" }, data: { status: "processing", startedAt: now() } });
  }
  const plan = batch.workspace.plan;
  const cap = capOf(plan);
  const charge = { workspaceId: batch.workspaceId, plan, operation: "batchRow" as const };
  const leaseMs = config().BATCH_ROW_LEASE_MS;
  const until = opts.budgetMs === undefined ? Infinity : nowMs() + opts.budgetMs;
  let processed = 0;
  let halted = false;

  if (batch.status === "cancelling") {
    processed += await cancelStaleRows(db, batchId, worker, leaseMs);
    return finish();
  }

  const queue: QueuedRow[] = [];
  /** When each row claimed here and not yet settled stops being ours. */
  const leaseEnds = new Map<string, number>();
  const verified: StoredRecord[] = [];
  const others: OtherOutcome[] = [];
  let inFlight = 0;
  let exhausted = false;
  let cancelled = false;
  // Set by the callbacks below; asserted so TypeScript does not narrow them to their `null` start for the code after them.
  let claiming = null as Promise<void> | null;
  let settling = null as Promise<void> | null;
  let settleTimer: NodeJS.Timeout | null = null;
  let failure = null as unknown;

  /** Empties the queue: its rows were claimed here but never started. */
  const unstarted = (status: "pending" | "cancelled") => queue.splice(0).map((q): OtherOutcome => ({ rowId: q.row.id, status, unstarted: true }));

  const stopped = () => cancelled || failure !== null || opts.signal?.aborted === true || nowMs() >= until;

  /** Claims the next group of rows (pending, or leased by a worker whose lease ran out) and reads what deciding them needs. */
  async function claim(): Promise<void> {
    const claimedAt = nowMs();
    const rows = await claimRows(db, batchId, worker, leaseMs, concurrency);
    if (rows.length === 0) {
      exhausted = true;
      return;
    }
    rows.sort((a, b) => a.index - b.index);
    const prepared = rows.map((row) => ({
      row,
      p: prepareAddress({ address: row.address, order_id: row.orderId, payment_method: row.paymentMethod, order_value: row.orderValue }),
    }));
    const context = await readContext(
      db,
      batch!.workspaceId,
      prepared.map((x) => x.p.addressKey),
    );
    const decider = await deciderFor(db, batch!.workspaceId, context, batch!.policyVersion);
    for (const x of prepared) {
      leaseEnds.set(x.row.id, claimedAt + leaseMs);
      queue.push({ ...x, history: context.history(x.p.addressKey), decider, noQuota: cap !== null && context.usedTenths + COST_TENTHS.batchRow > cap });
    }
  }

  async function next(): Promise<QueuedRow | null> {
    for (;;) {
      if (stopped()) return null;
      // Claim ahead: the next group is read while this one's rows are with the provider.
      if (queue.length <= concurrency / 2 && !exhausted && !claiming) {
        claiming = claim()
          .catch((err) => {
            failure ??= err;
          })
          .finally(() => {
            claiming = null;
          });
      }
      const row = queue.shift();
      if (row) return row;
      if (!claiming) return null;
      await claiming;
    }
  }

  async function verifyRow({ row, p, history, decider, noQuota }: QueuedRow): Promise<void> {
    if (noQuota) {
      others.push({ rowId: row.id, status: "failed", errorCode: "quota_exhausted" });
      return;
    }
    const ref = `row:${row.id}`;
    // A cancel answers once it has committed: a row whose check comes after it never reaches the provider.
    let start: Awaited<ReturnType<typeof startRow>>;
    try {
      start = await startRow(db, batchId, cap === null ? null : { ref, charge });
    } catch (err) {
      // Not started: the row stays leased and is claimed again once its lease runs out.
      failure ??= err;
      return;
    }
    if (!start.running) {
      cancelled = true;
      others.push({ rowId: row.id, status: "cancelled", unstarted: true });
      return;
    }
    if (!start.reserved) {
      others.push({ rowId: row.id, status: "failed", errorCode: "quota_exhausted" });
      return;
    }
    try {
      const v = liveRecord(p, await consultProvider(p), history, decider);
      verified.push({ v, keyId: batch!.keyId, inputAddress: row.address, addressKey: p.addressKey, ref, rowId: row.id });
    } catch (err) {
      if (cap !== null) await releaseReservation(db, ref).catch(() => {});
      others.push(failedRowOutcome(err, row, batchId));
    }
  }

  async function settleAll(): Promise<void> {
    while (verified.length || others.length) {
      const group = verified.splice(0);
      const rest = others.splice(0);
      const leaseLeft = Math.min(...group.map((g) => leaseEnds.get(g.rowId!) ?? 0), ...rest.map((o) => leaseEnds.get(o.rowId) ?? 0)) - nowMs();
      try {
        if (group.length) {
          const r = await settleVerified(db, batchId, worker, group, charge);
          processed += r.settled;
          others.push(...r.refused.map((rowId) => ({ rowId, status: "failed" as const, errorCode: "quota_exhausted" })));
          if (r.status === "cancelling") cancelled = true;
        }
        if (rest.length) processed += await settleOthers(db, batchId, worker, rest);
        for (const x of [...group.map((g) => g.rowId!), ...rest.map((o) => o.rowId)]) leaseEnds.delete(x);
      } catch (err) {
        if (databaseUnavailable(err) && leaseLeft > SETTLE_RETRY_MS * 2) {
          // The database is away: keep the provider's answers here and save them when it is back, while
          // the rows are still ours, so no row goes to the provider twice. Settling again is idempotent.
          failure ??= err;
          verified.unshift(...group);
          others.unshift(...rest);
          await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
          continue;
        }
        failure ??= err;
        return;
      }
    }
  }

  /** Settles now when a group is full or nothing else is in flight, else shortly, so results wait little and statements carry many rows. */
  function settleSoon(): void {
    const waiting = verified.length + others.length;
    if (!waiting || settling) return;
    if (waiting >= concurrency || inFlight === 0) {
      if (settleTimer) clearTimeout(settleTimer);
      settleTimer = null;
      settling = settleAll().finally(() => {
        settling = null;
        settleSoon();
      });
    } else {
      settleTimer ??= setTimeout(() => {
        settleTimer = null;
        if (!settling) {
          settling = settleAll().finally(() => {
            settling = null;
            settleSoon();
          });
        }
      }, SETTLE_AFTER_MS);
    }
  }

  // A stop gives back the rows not started at once, while the rows with the provider finish.
  let releasing = null as Promise<void> | null;
  const release = () => {
    const leftover = unstarted("pending");
    releasing = settleOthers(db, batchId, worker, leftover).then(
      () => undefined,
      (err) => {
        failure ??= err;
      },
    );
  };
  opts.signal?.addEventListener("abort", release, { once: true });

  async function slot(): Promise<void> {
    for (let row = await next(); row; row = await next()) {
      inFlight++;
      await verifyRow(row);
      inFlight--;
      settleSoon();
    }
  }

  await Promise.all(Array.from({ length: concurrency }, slot));
  opts.signal?.removeEventListener("abort", release);
  if (claiming) await claiming;
  if (settleTimer) clearTimeout(settleTimer);
  while (settling) await settling;
  await settleAll();
  await releasing;
  if (failure) {
    // Rows claimed here and not started are given back if the database answers again; else they stay
    // leased and are claimed again when the lease runs out. The run is retried.
    const leftover = unstarted("pending");
    await settleOthers(db, batchId, worker, leftover).catch(() => {});
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what a step threw, as it was
    throw failure;
  }
  if (queue.length) {
    // Stopped, out of time or cancelled with rows claimed but not started: give them back (or cancel them) at once.
    halted = !cancelled;
    const leftover = unstarted(cancelled ? "cancelled" : "pending");
    processed += await settleOthers(db, batchId, worker, leftover);
  } else if (!exhausted && !cancelled) {
    halted = true;
  }
  return finish();

  function finish(): Promise<WorkResult> {
    return runResult(db, batchId, { halted, processed, leaseMs });
  }
}

/** A row whose verification failed: back to pending while attempts remain and the failure may pass, else failed with its code. */
function failedRowOutcome(err: unknown, row: ClaimedRow, batchId: string): OtherOutcome {
  const code = err instanceof DakiyaError ? err.code : "internal_error";
  if (code === "internal_error") console.error(`batch ${batchId} row ${row.index}:`, err);
  const retry = row.attempts < MAX_ROW_ATTEMPTS && (RETRYABLE.has(code) || code === "internal_error");
  return retry ? { rowId: row.id, status: "pending" } : { rowId: row.id, status: "failed", errorCode: code };
}

/** A cancelled batch starts nothing: rows a dead worker left in flight are cancelled, not retried. Returns how many were settled. */
async function cancelStaleRows(db: Db, batchId: string, worker: string, leaseMs: number): Promise<number> {
  const stale = await query<{ id: string }>(
    db,
    Prisma.sql`
    UPDATE batch_rows SET claimed_by = ${worker}, lease_until = ${new Date(nowMs() + leaseMs)}, updated_at = ${now()}
    WHERE id IN (SELECT id FROM batch_rows WHERE batch_id = ${batchId} AND status = 'processing' AND lease_until < ${now()} FOR UPDATE SKIP LOCKED)
    RETURNING id`,
  );
  return settleOthers(
    db,
    batchId,
    worker,
    stale.map((r) => ({ rowId: r.id, status: "cancelled" })),
  );
}

/** Leases the next `limit` rows of a processing batch (pending, or leased by a worker whose lease ran out) to this worker. */
function claimRows(db: Db, batchId: string, worker: string, leaseMs: number, limit: number): Promise<ClaimedRow[]> {
  return query<ClaimedRow>(
    db,
    Prisma.sql`
    UPDATE batch_rows SET status = 'processing', claimed_by = ${worker}, lease_until = ${new Date(nowMs() + leaseMs)}, attempts = attempts + 1, updated_at = ${now()}
    WHERE id IN (
      SELECT id FROM batch_rows WHERE batch_id = ${batchId} AND (status = 'pending' OR (status = 'processing' AND lease_until < ${now()}))
        AND EXISTS (SELECT 1 FROM batches WHERE id = ${batchId} AND status = 'processing')
      ORDER BY index LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, index, address, order_id AS "orderId", payment_method::text AS "paymentMethod", order_value AS "orderValue", attempts`,
  );
}

/** What a run tells its caller: done (the batch closed here), or how long to wait before the next run. */
async function runResult(db: Db, batchId: string, run: { halted: boolean; processed: number; leaseMs: number }): Promise<WorkResult> {
  const { halted, processed, leaseMs } = run;
  if (halted) return { done: false, halted, processed, waitMs: 0 };
  const [left] = await query<{ pending: number; processing: number }>(
    db,
    Prisma.sql`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'processing')::int AS processing
    FROM batch_rows WHERE batch_id = ${batchId} AND status IN ('pending', 'processing')`,
  );
  if (!left || (left.pending === 0 && left.processing === 0)) {
    await workRecorded({ deliveries: await db.$transaction((tx) => closeIfFinished(tx, batchId)) });
    return { done: true, halted, processed, waitMs: 0 };
  }
  // Rows leased to another (or a dead) worker, or released for a retry: wait a little before claiming again.
  const waitMs = processed === 0 ? Math.min(leaseMs, 1000) : 0;
  return { done: false, halted, processed, waitMs };
}

/**
 * Right before a row goes to the provider: whether the batch still runs (rows claimed ahead wait in
 * this process's queue, and a cancel from any instance reaches them only through the database) and,
 * on a no-overage plan, the row's unit reserved in the same statement (server/quota).
 */
async function startRow(db: Db, batchId: string, reserve: { ref: string; charge: Charge } | null): Promise<{ running: boolean; reserved: boolean }> {
  const running = Prisma.sql`EXISTS (SELECT 1 FROM batches WHERE id = ${batchId} AND status = 'processing')`;
  const [r] = await query<{ running: boolean; reserved: boolean }>(
    db,
    reserve
      ? Prisma.sql`WITH ${reserveCtes(reserve.ref, reserve.charge, running)} SELECT ${running} AS running, ${reservedSql(reserve.ref)} AS reserved`
      : Prisma.sql`SELECT ${running} AS running, TRUE AS reserved`,
  );
  return { running: r?.running === true, reserved: r?.reserved === true };
}

/**
 * One statement for a group of verified rows: the rows still claimed by this worker are locked,
 * charged (all or none: a no-overage plan that cannot pay for the whole group refuses it, and the
 * group is then settled row by row), recorded, marked succeeded, and added to the batch's counter.
 */
async function settleVerified(
  db: Db,
  batchId: string,
  worker: string,
  group: StoredRecord[],
  charge: Parameters<typeof chargeCtes>[1],
): Promise<{ settled: number; refused: string[]; status: string | null }> {
  const [r] = await query<{ mine: number; paid: number; status: string | null }>(
    db,
    Prisma.sql`
    WITH ${recordsCte("input", group)},
    mine AS (
      SELECT input.* FROM input JOIN batch_rows r ON r.id = input.row_id
      WHERE r.status = 'processing' AND r.claimed_by = ${worker} FOR UPDATE OF r),
    ${chargeCtes("mine", charge)},
    ${insertRecordsCte("recorded", "mine", charge.workspaceId, Prisma.sql`EXISTS (SELECT 1 FROM paid)`)},
    settled AS (
      UPDATE batch_rows SET status = 'succeeded', verification_id = mine.id, claimed_by = NULL, lease_until = NULL, updated_at = ${now()}
      FROM mine WHERE batch_rows.id = mine.row_id AND EXISTS (SELECT 1 FROM paid)
      RETURNING batch_rows.id),
    counted AS (
      UPDATE batches SET succeeded = succeeded + (SELECT count(*) FROM settled)::int WHERE id = ${batchId} AND EXISTS (SELECT 1 FROM paid))
    SELECT (SELECT count(*) FROM mine)::int AS mine, (SELECT count(*) FROM paid)::int AS paid, (SELECT status::text FROM batches WHERE id = ${batchId}) AS status`,
  );
  if (!r || r.mine === 0 || r.paid > 0) return { settled: r?.paid ? r.mine : 0, refused: [], status: r?.status ?? null };
  if (group.length === 1) return { settled: 0, refused: [group[0]!.rowId!], status: r.status };
  // The plan cannot pay for the whole group: as many rows as it can pay for succeed, one by one.
  const out = { settled: 0, refused: [] as string[], status: r.status };
  for (const one of group) {
    const s = await settleVerified(db, batchId, worker, [one], charge);
    out.settled += s.settled;
    out.refused.push(...s.refused);
    out.status = s.status;
  }
  return out;
}

/** One statement for rows settled without a verification; the batch's counters move with them. */
async function settleOthers(db: Db, batchId: string, worker: string, rows: OtherOutcome[]): Promise<number> {
  if (!rows.length) return 0;
  const json = JSON.stringify(rows.map((r) => ({ row_id: r.rowId, status: r.status, error_code: r.errorCode ?? null, unstarted: r.unstarted === true })));
  const [r] = await query<{ settled: number }>(
    db,
    Prisma.sql`
    WITH input AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(row_id text, status text, error_code text, unstarted boolean)),
    changed AS (
      UPDATE batch_rows SET status = input.status::"BatchRowStatus", error_code = input.error_code, claimed_by = NULL, lease_until = NULL,
        attempts = batch_rows.attempts - CASE WHEN input.unstarted THEN 1 ELSE 0 END, updated_at = ${now()}
      FROM input WHERE batch_rows.id = input.row_id AND batch_rows.status = 'processing' AND batch_rows.claimed_by = ${worker}
      RETURNING input.status),
    counted AS (
      UPDATE batches SET failed = failed + (SELECT count(*) FROM changed WHERE status = 'failed')::int,
        cancelled = cancelled + (SELECT count(*) FROM changed WHERE status = 'cancelled')::int
      WHERE id = ${batchId})
    SELECT count(*) FILTER (WHERE status <> 'pending')::int AS settled FROM changed`,
  );
  return r?.settled ?? 0;
}
