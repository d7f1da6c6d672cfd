import { createHash } from "node:crypto";
import os from "node:os";
import { now, nowMs } from "../clock";
import { config } from "../config";
import type { Db, DbOrTx, Tx } from "../db";
import { DakiyaError } from "../errors";
import type { BatchStatus } from "../generated/prisma/enums";
import { Prisma } from "../generated/prisma/client";
import { newId, isId } from "../ids";
import type { Caller } from "../keys";
import { assertCanCharge } from "../quota";
import { verifyLive } from "../verification";
import { enqueueEvent, type BatchEventType } from "../webhooks";

export { resultsCsv } from "./results";

/**
 * Batches: up to 1000 addresses verified in the background, each row exactly once, charged once,
 * never lost. The guarantees live here, in the database: rows are claimed with a lease, and a row's
 * verification, its charge and its settlement commit in one transaction, so a crash at any point
 * leaves a row either done or claimable again.
 */

export const RETENTION_MS = 7 * 24 * 3600_000;
const MAX_ROW_ATTEMPTS = 3;
const ACTIVE: BatchStatus[] = ["queued", "processing", "cancelling"];
const TERMINAL: BatchStatus[] = ["completed", "failed", "cancelled"];

/** Identifies this process's claims on rows. */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

export interface BatchRowInput {
  address: string;
  order_id?: string;
}

export interface BatchProgress {
  batch_id: string;
  status: BatchStatus;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  results_url: string | null;
}

type BatchRecord = { id: string; status: BatchStatus; total: number; succeeded: number; failed: number; cancelled: number };

export function progressOf(b: BatchRecord, origin: string): BatchProgress {
  return {
    batch_id: b.id,
    status: b.status,
    total: b.total,
    done: b.succeeded + b.failed,
    succeeded: b.succeeded,
    failed: b.failed,
    cancelled: b.cancelled,
    results_url: b.status === "completed" || b.status === "cancelled" ? `${origin}/api/v1/batches/${b.id}/download` : null,
  };
}

function requestHash(rows: BatchRowInput[]): string {
  return createHash("sha256")
    .update(JSON.stringify(rows.map((r) => [r.address, r.order_id ?? null])))
    .digest("hex");
}

async function findBatch(db: DbOrTx, workspaceId: string, batchId: string) {
  const batch = isId("bat", batchId) ? await db.batch.findFirst({ where: { id: batchId, workspaceId } }) : null;
  if (!batch) throw new DakiyaError("batch_not_found", `No batch ${batchId} in this workspace.`);
  return batch;
}

/**
 * Stores a batch and all its rows in one transaction. With an idempotency key, the same key and
 * body within seven days return the first batch (`created: false`); a different body is a 409.
 */
export async function createBatch(db: Db, caller: Caller, input: { addresses: BatchRowInput[]; idempotency_key?: string }): Promise<{ batch: BatchRecord; created: boolean }> {
  if (input.addresses.length > caller.plan.batchCap) {
    throw new DakiyaError("batch_exceeds_plan_cap", `This workspace's plan (${caller.plan.id}) allows at most ${caller.plan.batchCap} addresses in a batch; this one has ${input.addresses.length}.`);
  }
  const hash = requestHash(input.addresses);
  const key = input.idempotency_key;
  const existing = async () => {
    const found = await db.idempotencyKey.findUnique({ where: { workspaceId_key: { workspaceId: caller.workspaceId, key: key! } }, include: { batch: true } });
    if (!found || found.expiresAt.getTime() <= nowMs()) return null;
    if (found.requestHash !== hash) {
      throw new DakiyaError("idempotency_key_reused", `The idempotency_key "${key}" was used in the last seven days with a different request body.`);
    }
    return { batch: found.batch, created: false };
  };
  if (key) {
    const replay = await existing();
    if (replay) return replay;
  }
  // A plan without overage that cannot pay for one row would store a batch whose every row fails.
  await assertCanCharge(db, caller.workspaceId, caller.plan, "batchRow");
  const batchId = newId("bat");
  const createdAt = now();
  try {
    const batch = await db.$transaction(async (tx) => {
      if (key) await tx.idempotencyKey.deleteMany({ where: { workspaceId: caller.workspaceId, key, expiresAt: { lte: createdAt } } });
      const batch = await tx.batch.create({
        data: { id: batchId, workspaceId: caller.workspaceId, keyId: caller.keyId, total: input.addresses.length, createdAt, expiresAt: new Date(createdAt.getTime() + RETENTION_MS) },
      });
      await tx.batchRow.createMany({
        data: input.addresses.map((r, index) => ({ id: newId("row"), batchId, index, address: r.address, orderId: r.order_id ?? null, updatedAt: createdAt })),
      });
      if (key) {
        await tx.idempotencyKey.create({
          data: { workspaceId: caller.workspaceId, key, requestHash: hash, batchId, createdAt, expiresAt: new Date(createdAt.getTime() + RETENTION_MS) },
        });
      }
      return batch;
    });
    return { batch, created: true };
  } catch (err) {
    // Two requests with one key: the loser of the insert race answers with the winner's batch.
    if (key && err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const replay = await existing();
      if (replay) return replay;
    }
    throw err;
  }
}

export async function getProgress(db: Db, workspaceId: string, batchId: string, origin: string): Promise<BatchProgress> {
  return progressOf(await findBatch(db, workspaceId, batchId), origin);
}

export interface BatchSummary extends Omit<BatchProgress, "results_url"> {
  created_at: string;
  finished_at: string | null;
}

/** The workspace's latest batches, newest first (the console's lists). */
export async function listBatches(db: Db, workspaceId: string, limit = 50): Promise<BatchSummary[]> {
  const rows = await db.batch.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: Math.min(Math.max(limit, 1), 200) });
  return rows.map((b) => {
    const { results_url: _url, ...progress } = progressOf(b, "");
    return { ...progress, created_at: b.createdAt.toISOString(), finished_at: b.finishedAt?.toISOString() ?? null };
  });
}

/** Batches that still have work: the runner picks them up at start-up and on every sweep. */
export async function unfinishedBatches(db: Db): Promise<{ id: string; workspaceId: string }[]> {
  return db.batch.findMany({ where: { status: { in: ACTIVE } }, select: { id: true, workspaceId: true }, orderBy: { createdAt: "asc" } });
}

/** Queues a batch event for the workspace's webhook endpoints, in the transaction that made the change. */
async function emit(tx: Tx, batch: BatchRecord & { workspaceId: string }, type: BatchEventType, origin: string): Promise<string[]> {
  return enqueueEvent(tx, batch.workspaceId, { id: `evt_${batch.id.slice(4)}_${type.split(".")[1]}`, type, data: progressOf(batch, origin) });
}

function origin(): string {
  return config().DAKIYA_PUBLIC_URL ?? `http://localhost:${config().PORT}`;
}

/**
 * Moves a batch whose rows are all finished to its terminal state: processing → completed,
 * cancelling → cancelled. Settlements call it after updating the batch's counters, which locks the
 * batch row: a concurrent settlement waits, then sees this one's rows.
 */
async function closeIfFinished(tx: Tx, batchId: string): Promise<string[]> {
  const closed = await tx.$queryRaw<(BatchRecord & { workspaceId: string })[]>`
    UPDATE batches SET status = CASE WHEN status = 'cancelling' THEN 'cancelled'::"BatchStatus" ELSE 'completed'::"BatchStatus" END, finished_at = ${now()}
    WHERE id = ${batchId} AND status IN ('processing', 'cancelling')
      AND NOT EXISTS (SELECT 1 FROM batch_rows WHERE batch_id = ${batchId} AND status IN ('pending', 'processing'))
    RETURNING id, workspace_id AS "workspaceId", status, total, succeeded, failed, cancelled`;
  const b = closed[0];
  if (!b) return [];
  return emit(tx, b, b.status === "cancelled" ? "batch.cancelled" : "batch.completed", origin());
}

/**
 * Cancels the rows not started; rows in flight settle normally and then the batch becomes
 * cancelled. Completed, failed and cancelled batches stay as they are. Safe to repeat.
 */
export async function cancelBatch(db: Db, workspaceId: string, batchId: string, requestOrigin: string): Promise<{ progress: BatchProgress; deliveries: string[] }> {
  await findBatch(db, workspaceId, batchId);
  const deliveries = await db.$transaction(async (tx) => {
    // Lock the batch first: settlements of in-flight rows wait for this transaction.
    const [locked] = await tx.$queryRaw<{ status: BatchStatus }[]>`SELECT status FROM batches WHERE id = ${batchId} FOR UPDATE`;
    if (!locked || !["queued", "processing"].includes(locked.status)) return [];
    const cancelled = await tx.$executeRaw`
      UPDATE batch_rows SET status = 'cancelled', claimed_by = NULL, lease_until = NULL, updated_at = ${now()}
      WHERE batch_id = ${batchId} AND status = 'pending'`;
    await tx.$executeRaw`UPDATE batches SET status = 'cancelling', cancelled = cancelled + ${cancelled} WHERE id = ${batchId}`;
    return closeIfFinished(tx, batchId);
  });
  return { progress: await getProgress(db, workspaceId, batchId, requestOrigin), deliveries };
}

/** The job itself cannot go on: its unfinished rows fail and so does the batch. */
export async function failBatch(db: Db, batchId: string, errorCode = "batch_failed"): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: BatchStatus }[]>`SELECT status FROM batches WHERE id = ${batchId} FOR UPDATE`;
    if (!locked || TERMINAL.includes(locked.status)) return [];
    const failed = await tx.$executeRaw`
      UPDATE batch_rows SET status = 'failed', error_code = ${errorCode}, claimed_by = NULL, lease_until = NULL, updated_at = ${now()}
      WHERE batch_id = ${batchId} AND status IN ('pending', 'processing')`;
    const [b] = await tx.$queryRaw<(BatchRecord & { workspaceId: string })[]>`
      UPDATE batches SET status = 'failed', failed = failed + ${failed}, finished_at = ${now()} WHERE id = ${batchId}
      RETURNING id, workspace_id AS "workspaceId", status, total, succeeded, failed, cancelled`;
    return emit(tx, b!, "batch.failed", origin());
  });
}

interface ClaimedRow {
  id: string;
  index: number;
  address: string;
  orderId: string | null;
  attempts: number;
}

class LostClaim extends Error {}

/** Settles a claimed row and the batch counters; throws LostClaim (rolling back) if the claim was lost. */
async function settleRow(tx: Tx, batchId: string, rowId: string, worker: string, outcome: { status: "succeeded" | "failed" | "cancelled"; verificationId?: string; errorCode?: string }): Promise<string[]> {
  const updated = await tx.$executeRaw`
    UPDATE batch_rows SET status = ${outcome.status}::"BatchRowStatus", verification_id = ${outcome.verificationId ?? null}, error_code = ${outcome.errorCode ?? null},
      claimed_by = NULL, lease_until = NULL, updated_at = ${now()}
    WHERE id = ${rowId} AND status = 'processing' AND claimed_by = ${worker}`;
  if (updated === 0) throw new LostClaim(`row ${rowId} is no longer claimed by ${worker}`);
  const column = Prisma.raw(outcome.status);
  await tx.$executeRaw`UPDATE batches SET ${column} = ${column} + 1 WHERE id = ${batchId}`;
  return closeIfFinished(tx, batchId);
}

/** Gives a claimed row back (a retryable failure), to be claimed again later. */
async function releaseRow(db: Db, rowId: string, worker: string): Promise<void> {
  await db.$executeRaw`
    UPDATE batch_rows SET status = 'pending', claimed_by = NULL, lease_until = NULL, updated_at = ${now()}
    WHERE id = ${rowId} AND status = 'processing' AND claimed_by = ${worker}`;
}

const RETRYABLE = new Set(["provider_error", "provider_unavailable", "provider_timeout"]);

async function processRow(db: Db, caller: Caller, batchId: string, row: ClaimedRow, worker: string): Promise<string[]> {
  let deliveries: string[] = [];
  try {
    await verifyLive(
      db,
      caller,
      { address: row.address, order_id: row.orderId },
      {
        chargeRef: `row:${row.id}`,
        inTransaction: async (tx, v) => {
          deliveries = await settleRow(tx, batchId, row.id, worker, { status: "succeeded", verificationId: v.verification_id });
        },
      },
    );
    return deliveries;
  } catch (err) {
    if (err instanceof LostClaim) return [];
    const code = err instanceof DakiyaError ? err.code : "internal_error";
    if (code !== "quota_exhausted" && row.attempts < MAX_ROW_ATTEMPTS && (RETRYABLE.has(code) || code === "internal_error")) {
      if (code === "internal_error") console.error(`batch ${batchId} row ${row.index}:`, err);
      await releaseRow(db, row.id, worker);
      return [];
    }
    return db.$transaction((tx) => settleRow(tx, batchId, row.id, worker, { status: "failed", errorCode: code })).catch((e) => {
      if (e instanceof LostClaim) return [];
      throw e;
    });
  }
}

export interface ChunkResult {
  /** Nothing left to do for this batch. */
  done: boolean;
  processed: number;
  /** Milliseconds to wait before the next chunk (rows leased elsewhere, or released for a retry). */
  waitMs: number;
  /** Webhook deliveries created (the batch reached a terminal state). */
  deliveries: string[];
}

/**
 * One step of batch processing: claim up to `size` rows (pending, or leased by a worker whose
 * lease ran out), verify them concurrently through the shared provider, settle each atomically.
 */
export async function processChunk(db: Db, batchId: string, opts: { size?: number; worker?: string } = {}): Promise<ChunkResult> {
  const worker = opts.worker ?? WORKER_ID;
  const size = opts.size ?? config().PROVIDER_CONCURRENCY;
  const batch = await db.batch.findUnique({ where: { id: batchId }, include: { workspace: { include: { plan: true } } } });
  if (!batch || TERMINAL.includes(batch.status)) return { done: true, processed: 0, waitMs: 0, deliveries: [] };
  if (batch.status === "queued") {
    await db.batch.updateMany({ where: { id: batchId, status: "queued" }, data: { status: "processing", startedAt: now() } });
  }
  const leaseUntil = new Date(nowMs() + config().BATCH_ROW_LEASE_MS);
  const claimable = batch.status === "cancelling" ? Prisma.sql`status = 'processing' AND lease_until < ${now()}` : Prisma.sql`(status = 'pending' OR (status = 'processing' AND lease_until < ${now()}))`;
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE batch_rows SET status = 'processing', claimed_by = ${worker}, lease_until = ${leaseUntil}, attempts = attempts + 1, updated_at = ${now()}
    WHERE id IN (
      SELECT id FROM batch_rows WHERE batch_id = ${batchId} AND ${claimable}
      ORDER BY index LIMIT ${size} FOR UPDATE SKIP LOCKED)
    RETURNING id, index, address, order_id AS "orderId", attempts`;

  let deliveries: string[] = [];
  if (batch.status === "cancelling") {
    // A cancelled batch starts nothing: rows a dead worker left in flight are cancelled, not retried.
    for (const row of rows) deliveries.push(...(await db.$transaction((tx) => settleRow(tx, batchId, row.id, worker, { status: "cancelled" }))));
  } else if (rows.length) {
    const plan = batch.workspace.plan;
    const caller: Caller = {
      keyId: batch.keyId,
      kind: "live",
      livemode: true,
      workspaceId: batch.workspaceId,
      plan: { ...plan },
    };
    const settled = await Promise.all(rows.sort((a, b) => a.index - b.index).map((row) => processRow(db, caller, batchId, row, worker)));
    deliveries = settled.flat();
  }
  const left = await db.batchRow.groupBy({ by: ["status"], where: { batchId, status: { in: ["pending", "processing"] } }, _count: { _all: true } });
  const pending = left.find((l) => l.status === "pending")?._count._all ?? 0;
  const inFlight = left.find((l) => l.status === "processing")?._count._all ?? 0;
  if (pending === 0 && inFlight === 0) {
    deliveries.push(...(await db.$transaction((tx) => closeIfFinished(tx, batchId))));
    return { done: true, processed: rows.length, waitMs: 0, deliveries };
  }
  // Rows leased to another (or a dead) worker, or released for a retry: wait a little before the next claim.
  const waitMs = rows.length === 0 ? Math.min(config().BATCH_ROW_LEASE_MS, 1000) : 0;
  return { done: false, processed: rows.length, waitMs, deliveries };
}

/** Retention: batches past seven days lose their rows (addresses, order ids); the download answers 410. */
export async function purgeExpired(db: Db): Promise<number> {
  const expired = await db.batch.findMany({ where: { expiresAt: { lte: now() }, purgedAt: null, status: { in: TERMINAL } }, select: { id: true } });
  for (const { id } of expired) {
    await db.$transaction([db.batchRow.deleteMany({ where: { batchId: id } }), db.batch.update({ where: { id }, data: { purgedAt: now() } })]);
  }
  await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now() } } });
  return expired.length;
}

/** Rows not yet verified in batches that are queued or processing (an operations gauge). */
export async function waitingRowCount(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM batch_rows r JOIN batches b ON b.id = r.batch_id
    WHERE b.status IN ('queued', 'processing') AND r.status = 'pending'`;
  return row?.n ?? 0;
}
