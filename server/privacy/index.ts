import { now, nowMs } from "../clock";
import { query, type Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { isId, newId } from "../ids";
import { redactionStatement, type RedactionCounts } from "./redact";

export { REDACTED, type RedactionCounts } from "./redact";
export { NOTICE_VERSION } from "../../lib/privacy-notice";

/** Retention of a verification's personal data, in days (docs/privacy.md). */
export const RETENTION_DAYS = { min: 30, max: 730, default: 180 } as const;
/** Erasure requests listed per page, and the most one page may ask for. */
export const ERASURES_PAGE = { default: 20, max: 100 } as const;
/** Verifications redacted per statement by the purge: each statement's locks are held this long only (docs/operations.md). */
export const PURGE_CHUNK = 20_000;
const DAY_MS = 86_400_000;

export interface PrivacySettings {
  retention_days: number;
}

export async function privacySettings(db: Db, workspaceId: string): Promise<PrivacySettings> {
  const ws = await db.workspace.findUnique({ where: { id: workspaceId }, select: { retentionDays: true } });
  if (!ws) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  return { retention_days: ws.retentionDays };
}

export async function setRetention(db: Db, workspaceId: string, days: number): Promise<PrivacySettings> {
  if (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max) {
    throw new DakiyaError("invalid_request", `Invalid request: retention_days: must be a whole number from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`, {
      details: [{ path: "retention_days", message: `must be a whole number from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}` }],
    });
  }
  const updated = await db.workspace.updateMany({ where: { id: workspaceId }, data: { retentionDays: days } });
  if (updated.count === 0) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  return { retention_days: days };
}

/** What an erasure names: one order's verifications, or one verification. */
export type ErasureSubject = { order_id: string } | { verification_id: string };

/** Who asked: an API key, a console member, or the operator's command line (neither). */
export interface Requester {
  keyId: string | null;
  member: string | null;
}

export interface Erasure {
  erasure_id: string;
  redacted: RedactionCounts;
  requested_at: string;
}

export interface ErasureRecord extends Erasure {
  /** What the request named; the order id itself is not kept. */
  subject: "order_id" | "verification_id";
  verification_id: string | null;
  requested_by: { key_id: string | null; member: string | null };
}

/**
 * Redacts at once everything of one order (or one verification) in the workspace and records the
 * request. An id that names nothing here (unknown, or another workspace's) redacts nothing and
 * answers zeros like any other: the answer says nothing of what exists elsewhere.
 */
export async function eraseBuyerData(db: Db, workspaceId: string, subject: ErasureSubject, by: Requester): Promise<Erasure> {
  const at = now();
  const byOrder = "order_id" in subject;
  const match = byOrder
    ? Prisma.sql`order_id = ${subject.order_id}`
    : // A string that is no verification id names nothing: it is not looked up.
      isId("ver", subject.verification_id) || isId("ver_test", subject.verification_id)
      ? Prisma.sql`id = ${subject.verification_id}`
      : Prisma.sql`false`;
  const [counts] = await query<RedactionCounts>(
    db,
    redactionStatement({
      workspaceId,
      targets: Prisma.sql`SELECT ctid, id, address_key, outcome, created_at FROM verifications WHERE workspace_id = ${workspaceId} AND ${match} AND redacted_at IS NULL FOR UPDATE`,
      forgetAddresses: true,
      orderId: byOrder ? subject.order_id : null,
      at,
    }),
  );
  const redacted: RedactionCounts = {
    verifications: counts!.verifications,
    confirmations: counts!.confirmations,
    batch_rows: counts!.batch_rows,
    webhook_deliveries: counts!.webhook_deliveries,
  };
  const row = await db.erasureRequest.create({
    data: {
      id: newId("era"),
      workspaceId,
      subject: byOrder ? "order_id" : "verification_id",
      verificationId: byOrder ? null : subject.verification_id.slice(0, 64),
      verifications: redacted.verifications,
      confirmations: redacted.confirmations,
      batchRows: redacted.batch_rows,
      webhookDeliveries: redacted.webhook_deliveries,
      requestedByKeyId: by.keyId,
      requestedByMember: by.member,
      requestedAt: at,
    },
  });
  return { erasure_id: row.id, redacted, requested_at: at.toISOString() };
}

/** The workspace's erasure requests, newest first, a page at a time (`cursor`: the last id of the page before). */
export async function listErasures(db: Db, workspaceId: string, opts: { limit?: number; cursor?: string } = {}): Promise<{ erasures: ErasureRecord[]; next_cursor: string | null }> {
  const limit = opts.limit ?? ERASURES_PAGE.default;
  const after = opts.cursor && isId("era", opts.cursor) ? await db.erasureRequest.findFirst({ where: { id: opts.cursor, workspaceId }, select: { id: true, requestedAt: true } }) : null;
  if (opts.cursor && !after) {
    throw new DakiyaError("invalid_request", "Invalid request: cursor: not a page of this list", { details: [{ path: "cursor", message: "not a page of this list" }] });
  }
  const rows = await db.erasureRequest.findMany({
    where: { workspaceId, ...(after ? { OR: [{ requestedAt: { lt: after.requestedAt } }, { requestedAt: after.requestedAt, id: { lt: after.id } }] } : {}) },
    orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    erasures: page.map((r) => ({
      erasure_id: r.id,
      subject: r.subject as ErasureRecord["subject"],
      verification_id: r.verificationId,
      redacted: { verifications: r.verifications, confirmations: r.confirmations, batch_rows: r.batchRows, webhook_deliveries: r.webhookDeliveries },
      requested_at: r.requestedAt.toISOString(),
      requested_by: { key_id: r.requestedByKeyId, member: r.requestedByMember },
    })),
    next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

export interface PurgeResult {
  as_of: string;
  workspaces: number;
  redacted: RedactionCounts;
}

/** `YYYY-MM-DD` as midnight UTC; anything else (or a date that does not exist) is a 400. */
export function parseAsOf(value: string): Date {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new DakiyaError("invalid_request", `Invalid request: as_of: must be a date YYYY-MM-DD (got "${value.slice(0, 40)}")`, {
      details: [{ path: "as_of", message: "must be a date YYYY-MM-DD" }],
    });
  }
  return new Date(ms);
}

/**
 * The daily purge: in every workspace, the verifications made before `asOf` (midnight UTC; default
 * today) less the workspace's retention are redacted, with their confirmations, batch rows, webhook
 * bodies and outcomes' history keys. Chunks of PURGE_CHUNK rows, oldest first, each one statement
 * committed on its own, so no lock is held for long and a verify never waits on the purge; rows
 * another statement holds are skipped and taken by the next run. Running it twice redacts nothing more.
 */
export async function purgeExpiredPersonalData(db: Db, opts: { asOf?: Date } = {}): Promise<PurgeResult> {
  const asOf = opts.asOf ?? new Date(Math.floor(nowMs() / DAY_MS) * DAY_MS);
  const total: RedactionCounts = { verifications: 0, confirmations: 0, batch_rows: 0, webhook_deliveries: 0 };
  const workspaces = await db.workspace.findMany({ select: { id: true, retentionDays: true }, orderBy: { id: "asc" } });
  let touched = 0;
  for (const ws of workspaces) {
    const cutoff = new Date(asOf.getTime() - ws.retentionDays * DAY_MS);
    let redactedHere = 0;
    // Each chunk starts where the last one ended, so it does not walk again past the rows already redacted.
    let from = new Date(0);
    for (;;) {
      const [counts] = await query<RedactionCounts & { last_created_at: Date | null }>(
        db,
        redactionStatement({
          workspaceId: ws.id,
          targets: Prisma.sql`SELECT ctid, id, address_key, outcome, created_at FROM verifications
            WHERE workspace_id = ${ws.id} AND redacted_at IS NULL AND created_at >= ${from} AND created_at < ${cutoff}
            ORDER BY created_at LIMIT ${PURGE_CHUNK} FOR UPDATE SKIP LOCKED`,
          forgetAddresses: false,
          at: now(),
        }),
      );
      for (const k of Object.keys(total) as (keyof RedactionCounts)[]) total[k] += counts![k];
      redactedHere += counts!.verifications;
      if (counts!.verifications < PURGE_CHUNK || !counts!.last_created_at) break;
      from = counts!.last_created_at;
    }
    if (redactedHere) touched++;
  }
  return { as_of: asOf.toISOString().slice(0, 10), workspaces: touched, redacted: total };
}
