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
  const leaseMs = config().BATCH_ROW_LEASE_MS;
  const batch = await db.batch.findUnique({ where: { id: batchId }, include: { workspace: { include: { plan: true } } } });
  if (!batch || TERMINAL.includes(batch.status)) return { done: true, halted: false, processed: 0, waitMs: 0 };
  if (batch.status === "cancelling") {
    const processed = await cancelStaleRows(db, batchId, worker, leaseMs);
    return runResult(db, batchId, { halted: false, processed, leaseMs });
  }
  if (batch.status === "queued") {
    await db.batch.updateMany({ where: { id: batchId, status: "queued" }, data: { status: "processing", startedAt: now() } });
  }
  const plan = batch.workspace.plan;
  const run = new BatchRun(db, {
    batchId,
    workspaceId: batch.workspaceId,
    keyId: batch.keyId,
    policyVersion: batch.policyVersion,
    worker,
    leaseMs,
    concurrency: opts.concurrency ?? config().PROVIDER_CONCURRENCY,
    until: opts.budgetMs === undefined ? Infinity : nowMs() + opts.budgetMs,
    signal: opts.signal,
    cap: capOf(plan),
    charge: { workspaceId: batch.workspaceId, plan, operation: "batchRow" },
  });
  const { halted, processed } = await run.work();
  return runResult(db, batchId, { halted, processed, leaseMs });
}

/** What one run over a batch holds fixed: the batch, this worker, its slots and its time. */
interface RunSettings {
  batchId: string;
  workspaceId: string;
  keyId: string | null;
  policyVersion: number;
  worker: string;
  leaseMs: number;
  concurrency: number;
  /** When the run stops claiming (the step's budget), in clock milliseconds. */
  until: number;
  signal: AbortSignal | undefined;
  /** The no-overage plan's cap in tenths of a unit, or null when overage is billed. */
  cap: number | null;
  charge: Charge;
}

/**
 * One run over a batch: `concurrency` slots take rows from the queue (`next`), verify them
 * (`verifyRow`) and hand the results to be settled in groups (`settleSoon`, `settleAll`); the queue
 * is refilled ahead (`claim`); `finishRun` waits for all of it and gives back what was not started.
 */
class BatchRun {
  private readonly queue: QueuedRow[] = [];
  /** When each row claimed here and not yet settled stops being ours. */
  private readonly leaseEnds = new Map<string, number>();
  private readonly verified: StoredRecord[] = [];
  private readonly others: OtherOutcome[] = [];
  private inFlight = 0;
  private exhausted = false;
  private cancelled = false;
  private claiming: Promise<void> | null = null;
  private settling: Promise<void> | null = null;
  private settleTimer: NodeJS.Timeout | null = null;
  private releasing: Promise<void> | null = null;
  private failure: unknown = null;
  private processed = 0;
  /** The check that rows asking in this turn of the event loop share; null once it is sent. */
  private check: Promise<{ running: boolean; reserved: boolean }> | null = null;

  constructor(
    private readonly db: Db,
    private readonly s: RunSettings,
  ) {}

  async work(): Promise<{ halted: boolean; processed: number }> {
    this.s.signal?.addEventListener("abort", this.release, { once: true });
    await Promise.all(Array.from({ length: this.s.concurrency }, () => this.slot()));
    this.s.signal?.removeEventListener("abort", this.release);
    return this.finishRun();
  }

  /** A stop gives back the rows not started at once, while the rows with the provider finish. */
  private readonly release = () => {
    this.releasing = this.settleOthers(this.unstarted("pending")).then(
      () => undefined,
      (err) => this.fail(err),
    );
  };

  private async slot(): Promise<void> {
    for (let row = await this.next(); row; row = await this.next()) {
      this.inFlight++;
      await this.verifyRow(row);
      this.inFlight--;
      this.settleSoon();
    }
  }

  /** Once the slots are idle: every result settled, then the rows claimed and not started given back (or cancelled). */
  private async finishRun(): Promise<{ halted: boolean; processed: number }> {
    if (this.claiming) await this.claiming;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    while (this.settling) await this.settling;
    await this.settleAll();
    await this.releasing;
    if (this.failure) {
      // Rows claimed here and not started are given back if the database answers again; else they stay
      // leased and are claimed again when the lease runs out. The run is retried.
      await this.settleOthers(this.unstarted("pending")).catch(() => {});
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what a step threw, as it was
      throw this.failure;
    }
    if (this.queue.length) {
      // Stopped, out of time or cancelled with rows claimed but not started: give them back (or cancel them) at once.
      this.processed += await this.settleOthers(this.unstarted(this.cancelled ? "cancelled" : "pending"));
      return { halted: !this.cancelled, processed: this.processed };
    }
    return { halted: !this.exhausted && !this.cancelled, processed: this.processed };
  }

  private fail(err: unknown): void {
    this.failure ??= err;
  }

  private stopped(): boolean {
    return this.cancelled || this.failure !== null || this.s.signal?.aborted === true || nowMs() >= this.s.until;
  }

  /** Empties the queue: its rows were claimed here but never started. */
  private unstarted(status: "pending" | "cancelled"): OtherOutcome[] {
    return this.queue.splice(0).map((q) => ({ rowId: q.row.id, status, unstarted: true }));
  }

  private settleOthers(rows: OtherOutcome[]): Promise<number> {
    return settleOthers(this.db, this.s.batchId, this.s.worker, rows);
  }

  /** The next row to verify, claiming ahead: the next group is read while this one's rows are with the provider. */
  private async next(): Promise<QueuedRow | null> {
    for (;;) {
      if (this.stopped()) return null;
      if (this.queue.length <= this.s.concurrency / 2 && !this.exhausted && !this.claiming) {
        this.claiming = this.claim()
          .catch((err) => this.fail(err))
          .finally(() => {
            this.claiming = null;
          });
      }
      const row = this.queue.shift();
      if (row) return row;
      if (!this.claiming) return null;
      await this.claiming;
    }
  }

  /** Claims the next group of rows (pending, or leased by a worker whose lease ran out) and reads what deciding them needs. */
  private async claim(): Promise<void> {
    const { db, s } = this;
    const claimedAt = nowMs();
    const rows = await claimRows(db, s.batchId, s.worker, s.leaseMs, s.concurrency);
    if (rows.length === 0) {
      this.exhausted = true;
      return;
    }
    rows.sort((a, b) => a.index - b.index);
    const prepared = rows.map((row) => ({
      row,
      p: prepareAddress({ address: row.address, order_id: row.orderId, payment_method: row.paymentMethod, order_value: row.orderValue }),
    }));
    const context = await readContext(
      db,
      s.workspaceId,
      prepared.map((x) => x.p.addressKey),
    );
    const decider = await deciderFor(db, s.workspaceId, context, s.policyVersion);
    const noQuota = s.cap !== null && context.usedTenths + COST_TENTHS.batchRow > s.cap;
    for (const x of prepared) {
      this.leaseEnds.set(x.row.id, claimedAt + s.leaseMs);
      this.queue.push({ ...x, history: context.history(x.p.addressKey), decider, noQuota });
    }
  }

  private async verifyRow({ row, p, history, decider, noQuota }: QueuedRow): Promise<void> {
    const { db, s } = this;
    if (noQuota) {
      this.others.push({ rowId: row.id, status: "failed", errorCode: "quota_exhausted" });
      return;
    }
    const ref = `row:${row.id}`;
    // A cancel answers once it has committed: a row whose check comes after it never reaches the provider.
    let start: Awaited<ReturnType<typeof startRow>>;
    try {
      start = s.cap === null ? await this.sharedCheck() : await startRow(db, s.batchId, { ref, charge: s.charge });
    } catch (err) {
      // Not started: the row stays leased and is claimed again once its lease runs out.
      this.fail(err);
      return;
    }
    if (!start.running) {
      this.cancelled = true;
      this.others.push({ rowId: row.id, status: "cancelled", unstarted: true });
      return;
    }
    if (!start.reserved) {
      this.others.push({ rowId: row.id, status: "failed", errorCode: "quota_exhausted" });
      return;
    }
    try {
      const v = liveRecord(p, await consultProvider(p), history, decider);
      this.verified.push({ v, keyId: s.keyId, inputAddress: row.address, addressKey: p.addressKey, ref, rowId: row.id });
    } catch (err) {
      if (s.cap !== null) await releaseReservation(db, ref).catch(() => {});
      this.others.push(failedRowOutcome(err, row, s.batchId));
    }
  }

  /**
   * Whether the batch still runs, for a row about to go to the provider, asked together with the
   * other rows that ask in the same turn of the event loop (slots whose provider answers arrived
   * together): one check, sent once they all asked, so each row's check still comes after the row
   * asked and a cancel that answered before sees every one of them stop. A no-overage plan's rows
   * check one by one, since each reserves its own unit in its check.
   */
  private sharedCheck(): Promise<{ running: boolean; reserved: boolean }> {
    this.check ??= new Promise((resolve, reject) =>
      setImmediate(() => {
        this.check = null;
        startRow(this.db, this.s.batchId, null).then(resolve, reject);
      }),
    );
    return this.check;
  }

  /** Settles now when a group is full or nothing else is in flight, else shortly, so results wait little and statements carry many rows. */
  private settleSoon(): void {
    const waiting = this.verified.length + this.others.length;
    if (!waiting || this.settling) return;
    if (waiting >= this.s.concurrency || this.inFlight === 0) {
      if (this.settleTimer) clearTimeout(this.settleTimer);
      this.settleTimer = null;
      this.startSettling();
    } else {
      this.settleTimer ??= setTimeout(() => {
        this.settleTimer = null;
        if (!this.settling) this.startSettling();
      }, SETTLE_AFTER_MS);
    }
  }

  private startSettling(): void {
    this.settling = this.settleAll().finally(() => {
      this.settling = null;
      this.settleSoon();
    });
  }

  /** Settles every result waiting, each kind in one statement, until none is left. */
  private async settleAll(): Promise<void> {
    const { db, s } = this;
    while (this.verified.length || this.others.length) {
      const group = this.verified.splice(0);
      const rest = this.others.splice(0);
      const rowIds = [...group.map((g) => g.rowId!), ...rest.map((o) => o.rowId)];
      const leaseLeft = Math.min(...rowIds.map((id) => this.leaseEnds.get(id) ?? 0)) - nowMs();
      try {
        if (group.length) {
          const r = await settleVerified(db, s.batchId, s.worker, group, s.charge);
          this.processed += r.settled;
          this.others.push(...r.refused.map((rowId) => ({ rowId, status: "failed" as const, errorCode: "quota_exhausted" })));
          if (r.status === "cancelling") this.cancelled = true;
        }
        if (rest.length) this.processed += await this.settleOthers(rest);
        for (const id of rowIds) this.leaseEnds.delete(id);
      } catch (err) {
        this.fail(err);
        if (!databaseUnavailable(err) || leaseLeft <= SETTLE_RETRY_MS * 2) return;
        // The database is away: keep the provider's answers here and save them when it is back, while
        // the rows are still ours, so no row goes to the provider twice. Settling again is idempotent.
        this.verified.unshift(...group);
        this.others.unshift(...rest);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
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
