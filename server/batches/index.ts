import { createHash } from "node:crypto";
import os from "node:os";
import { now, nowMs } from "../clock";
import { config } from "../config";
import { query, type Db, type Tx } from "../db";
import { DakiyaError } from "../errors";
import type { BatchStatus } from "../generated/prisma/enums";
import { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import type { Caller } from "../keys";
import { assertCanCharge } from "../quota";
import { enqueueEvent, type BatchEventType } from "../webhooks";
import { workRecorded } from "../work";
import { versionInForceSql } from "../policy";

import { findBatch } from "./lookup";
import type { PaymentMethod } from "../../lib/words";

export { resultsCsv } from "./results";

/**
 * Batches: up to 1000 addresses verified in the background, each row exactly once, charged once,
 * never lost. The guarantees live in the database: rows are claimed with a lease, and a row's
 * verification, its charge and its settlement commit in one statement (./work.ts), so a crash at
 * any point leaves a row either done or claimable again.
 */

export const RETENTION_MS = 7 * 24 * 3600_000;
export const TERMINAL: BatchStatus[] = ["completed", "failed", "cancelled"];

/** Identifies this process's claims on rows. */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

export interface BatchRowInput {
  address: string;
  order_id?: string;
  payment_method?: PaymentMethod;
  order_value?: number;
}

/** A batch as the API and the console submit it. */
export interface BatchInput {
  addresses: BatchRowInput[];
  /** The merchant's name for it (the console sends the CSV's file name). */
  name?: string;
  idempotency_key?: string;
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

/** Fields added later count only when given, so a request sent before they existed keeps its hash. */
function requestHash(input: BatchInput): string {
  const rows = input.addresses.map((r) =>
    r.payment_method === undefined && r.order_value === undefined ? [r.address, r.order_id ?? null] : [r.address, r.order_id ?? null, r.payment_method ?? null, r.order_value ?? null],
  );
  return createHash("sha256")
    .update(JSON.stringify(input.name === undefined ? rows : { name: input.name, rows }))
    .digest("hex");
}

/**
 * Stores a batch and all its rows in one transaction, and wakes the scheduler. With an idempotency
 * key, the same key and body within seven days return the first batch (`created: false`); a
 * different body is a 409. A repeat wakes the scheduler again: a wake-up that was lost is made good
 * (Inngest deduplicates the event; the runner does not queue a batch twice).
 */
export async function createBatch(db: Db, caller: Caller, input: BatchInput): Promise<{ batch: BatchRecord; created: boolean }> {
  const stored = await storeBatch(db, caller, input);
  const { batch } = stored;
  if (batch.status === "queued" || batch.status === "processing") await workRecorded({ batch: { id: batch.id, workspaceId: caller.workspaceId } });
  return stored;
}

async function storeBatch(db: Db, caller: Caller, input: BatchInput): Promise<{ batch: BatchRecord; created: boolean }> {
  if (input.addresses.length > caller.plan.batchCap) {
    throw new DakiyaError(
      "batch_exceeds_plan_cap",
      `This workspace's plan (${caller.plan.id}) allows at most ${caller.plan.batchCap} addresses in a batch; this one has ${input.addresses.length}.`,
    );
  }
  const hash = requestHash(input);
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
      // The batch is decided by the policy version in force now, whatever is published while it runs.
      const [batch] = await tx.$queryRaw<BatchRecord[]>`
        INSERT INTO batches (id, workspace_id, key_id, name, total, created_at, expires_at, policy_version)
        VALUES (${batchId}, ${caller.workspaceId}, ${caller.keyId}, ${input.name ?? null}, ${input.addresses.length}, ${createdAt}, ${new Date(createdAt.getTime() + RETENTION_MS)},
                ${versionInForceSql(caller.workspaceId)})
        RETURNING id, status, total, succeeded, failed, cancelled`;
      // The rows in one statement, their values one JSON parameter: createMany binds six parameters
      // a row through Prisma's query compiler, which cost more than the rest of the request.
      const rows = JSON.stringify(
        input.addresses.map((r, index) => ({
          id: newId("row"),
          index,
          address: r.address,
          order_id: r.order_id ?? null,
          payment_method: r.payment_method ?? null,
          order_value: r.order_value ?? null,
        })),
      );
      await tx.$executeRaw`
        INSERT INTO batch_rows (id, batch_id, index, address, order_id, payment_method, order_value, updated_at)
        SELECT r.id, ${batchId}, r.index, r.address, r.order_id, r.payment_method::"PaymentMethod", r.order_value, ${createdAt}::timestamptz
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(id text, index int, address text, order_id text, payment_method text, order_value float8)`;
      if (key) {
        await tx.idempotencyKey.create({
          data: { workspaceId: caller.workspaceId, key, requestHash: hash, batchId, createdAt, expiresAt: new Date(createdAt.getTime() + RETENTION_MS) },
        });
      }
      return batch!;
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

/** The merchant's name for a batch (null when it was given none), for the heading of its page. */
export async function batchName(db: Db, workspaceId: string, batchId: string): Promise<string | null> {
  return (await findBatch(db, workspaceId, batchId)).name;
}

export interface BatchSummary extends Omit<BatchProgress, "results_url"> {
  name: string | null;
  /** Decisions of the rows verified so far. */
  decisions: { SHIP: number; REVIEW: number; HOLD: number };
  created_at: string;
  finished_at: string | null;
}

/** The workspace's latest batches, newest first, with their rows' decisions so far (the console's lists). */
export async function listBatches(db: Db, workspaceId: string, limit = 50): Promise<BatchSummary[]> {
  const rows = await db.batch.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: Math.min(Math.max(limit, 1), 200) });
  const counts = rows.length
    ? await query<{ batch_id: string; SHIP: number; REVIEW: number; HOLD: number }>(
        db,
        Prisma.sql`SELECT r.batch_id,
            count(*) FILTER (WHERE v.decision = 'SHIP')::int AS "SHIP",
            count(*) FILTER (WHERE v.decision = 'REVIEW')::int AS "REVIEW",
            count(*) FILTER (WHERE v.decision = 'HOLD')::int AS "HOLD"
          FROM batch_rows r JOIN verifications v ON v.id = r.verification_id
          WHERE r.batch_id IN (${Prisma.join(rows.map((b) => b.id))}) AND r.status = 'succeeded'
          GROUP BY r.batch_id`,
      )
    : [];
  const byBatch = new Map(counts.map(({ batch_id, ...c }) => [batch_id, c]));
  return rows.map((b) => {
    const { results_url: _url, ...progress } = progressOf(b, "");
    return {
      ...progress,
      name: b.name,
      decisions: byBatch.get(b.id) ?? { SHIP: 0, REVIEW: 0, HOLD: 0 },
      created_at: b.createdAt.toISOString(),
      finished_at: b.finishedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Batches that still have work and whose rows nobody has touched for `quietMs` (0: every one), the
 * sweep's find. `lastActivityMs` (the latest row change, or the creation) names a stall: a sweep
 * that finds the same stall again sends the same event id.
 */
export async function unfinishedBatches(db: Db, quietMs = 0): Promise<{ id: string; workspaceId: string; lastActivityMs: number }[]> {
  const rows = await db.$queryRaw<{ id: string; workspaceId: string; lastActivity: Date }[]>`
    SELECT b.id, b.workspace_id AS "workspaceId", GREATEST(b.created_at, max(r.updated_at)) AS "lastActivity"
    FROM batches b LEFT JOIN batch_rows r ON r.batch_id = b.id
    WHERE b.status IN ('queued', 'processing', 'cancelling')
    GROUP BY b.id
    HAVING GREATEST(b.created_at, max(r.updated_at)) <= ${new Date(nowMs() - quietMs)}
    ORDER BY b.created_at`;
  return rows.map((r) => ({ id: r.id, workspaceId: r.workspaceId, lastActivityMs: new Date(r.lastActivity).getTime() }));
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
 * cancelling → cancelled. A worker calls it once its own settlements have committed and it finds
 * nothing left to claim, and a cancel in its own transaction: whichever commits last sees every row
 * finished.
 */
export async function closeIfFinished(tx: Tx, batchId: string): Promise<string[]> {
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
export async function cancelBatch(db: Db, workspaceId: string, batchId: string, requestOrigin: string): Promise<BatchProgress> {
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
  await workRecorded({ deliveries });
  return getProgress(db, workspaceId, batchId, requestOrigin);
}

/** The job itself cannot go on: its unfinished rows fail and so does the batch. */
export async function failBatch(db: Db, batchId: string, errorCode = "batch_failed"): Promise<void> {
  const deliveries = await db.$transaction(async (tx) => {
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
  await workRecorded({ deliveries });
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
