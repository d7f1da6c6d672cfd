import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { DakiyaError } from "../errors";
import { isId, newId } from "../ids";
import { now } from "../clock";
import type { Caller } from "../keys";
import type { OutcomeKind } from "../../lib/words";
import { canonicalCourier } from "./courier";
import { markStaleSql, refreshCurve } from "./probability";

export { canonicalCourier, COURIER_MAX_LENGTH } from "./courier";

export interface OutcomeInput {
  verification_id?: string;
  order_id?: string;
  outcome: OutcomeKind;
  courier?: string;
  delivered_at?: string;
}

/** The most reports one call takes (`POST /outcomes/batch`, a courier's CSV). */
export const OUTCOMES_BATCH_MAX = 1000;

/** What became of one report: recorded, a duplicate of an earlier one, or refused with the error a single report would get. */
export type ReportResult = { duplicate: boolean } | { error: DakiyaError };

interface Found {
  id: string;
  orderId: string | null;
}

/**
 * Finds the live verification each report is about, in the caller's workspace only, in two reads
 * whatever the number of reports: one by verification id, one counting the matches of each order id.
 */
async function findVerifications(db: Db, workspaceId: string, inputs: OutcomeInput[]): Promise<(Found | DakiyaError)[]> {
  const ids = [...new Set(inputs.flatMap((i) => (i.verification_id && isId("ver", i.verification_id) ? [i.verification_id] : [])))];
  const orderIds = [...new Set(inputs.flatMap((i) => (i.verification_id === undefined && i.order_id !== undefined ? [i.order_id] : [])))];
  const [byId, byOrder] = await Promise.all([
    ids.length ? db.verification.findMany({ where: { id: { in: ids }, workspaceId, livemode: true }, select: { id: true, orderId: true } }) : [],
    orderIds.length
      ? query<{ order_id: string; n: number; id: string }>(
          db,
          Prisma.sql`SELECT order_id, count(*)::int AS n, min(id) AS id FROM verifications
                     WHERE workspace_id = ${workspaceId} AND livemode AND order_id IN (${Prisma.join(orderIds)}) GROUP BY order_id`,
        )
      : [],
  ]);
  const found = new Map(byId.map((v) => [v.id, v]));
  const orders = new Map(byOrder.map((o) => [o.order_id, o]));
  return inputs.map((input) => {
    if (input.verification_id) {
      if (input.verification_id.startsWith("ver_test_")) {
        return new DakiyaError("live_verification_required", "Outcomes can be reported only for live verifications; ver_test_ verifications never enter delivery history.");
      }
      const v = found.get(input.verification_id);
      if (!v) return new DakiyaError("verification_not_found", `No verification ${input.verification_id} in this workspace.`);
      if (input.order_id !== undefined && v.orderId !== input.order_id) {
        return new DakiyaError("invalid_request", `Verification ${v.id} has order_id ${v.orderId === null ? "null" : `"${v.orderId}"`}, not "${input.order_id}".`, {
          details: [{ path: "order_id", message: "does not match the verification" }],
        });
      }
      return v;
    }
    const match = orders.get(input.order_id!);
    if (!match) return new DakiyaError("verification_not_found", `No live verification with order_id "${input.order_id}" in this workspace.`);
    if (match.n > 1) {
      return new DakiyaError("ambiguous_order_id", `More than one live verification has order_id "${input.order_id}"; report the outcome by verification_id.`);
    }
    return { id: match.id, orderId: input.order_id! };
  });
}

/**
 * Records the first outcome reported for each verification; any later report, in the same call or
 * an earlier one, is a duplicate and changes nothing. One statement inserts them all: the unique
 * verification_id makes two concurrent first reports record one; the same statement copies each
 * outcome, its courier folded to one canonical name (./courier.ts), onto its verification (what analytics and the preview scan, so the roll-up triggers run
 * once for the statement) and marks the workspace's delivery curve stale, which is then refreshed
 * if a minute has passed. A report that names no verification it may change gets its error, and the
 * others are recorded all the same.
 */
export async function recordOutcomes(db: Db, workspaceId: string, inputs: OutcomeInput[]): Promise<ReportResult[]> {
  const found = await findVerifications(db, workspaceId, inputs);
  const first = new Map<string, number>();
  found.forEach((v, i) => {
    if (!(v instanceof DakiyaError) && !first.has(v.id)) first.set(v.id, i);
  });
  const rows = [...first.values()].map((i) => {
    const input = inputs[i]!;
    return { id: newId("out"), verification_id: (found[i] as Found).id, outcome: input.outcome, courier: canonicalCourier(input.courier), delivered_at: input.delivered_at ?? null };
  });
  const inserted = new Set<string>();
  if (rows.length) {
    const recorded = await query<{ verification_id: string }>(
      db,
      Prisma.sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id text, verification_id text, outcome text, courier text, delivered_at timestamptz)),
      inserted AS (
        INSERT INTO outcomes (id, workspace_id, verification_id, address_key, outcome, courier, delivered_at, created_at)
        SELECT i.id, ${workspaceId}, v.id, v.address_key, i.outcome::"OutcomeKind", i.courier, i.delivered_at, ${now()}
        FROM input i JOIN verifications v ON v.id = i.verification_id
        ON CONFLICT (verification_id) DO NOTHING
        RETURNING verification_id, outcome, courier),
      copied AS (
        UPDATE verifications SET outcome = inserted.outcome, courier = inserted.courier FROM inserted WHERE verifications.id = inserted.verification_id),
      stale AS (${markStaleSql(workspaceId)} AND EXISTS (SELECT 1 FROM inserted))
      SELECT verification_id FROM inserted`,
    );
    for (const r of recorded) inserted.add(r.verification_id);
    if (inserted.size) await refreshCurve(db, workspaceId);
  }
  return found.map((v, i) => {
    if (v instanceof DakiyaError) return { error: v };
    return { duplicate: first.get(v.id) !== i || !inserted.has(v.id) };
  });
}

/** One report (`POST /outcomes`): recorded exactly as each report of a batch is. */
export async function reportOutcome(db: Db, caller: Caller, input: OutcomeInput): Promise<{ accepted: true; duplicate: boolean }> {
  const [result] = await recordOutcomes(db, caller.workspaceId, [input]);
  if ("error" in result!) throw result.error;
  return { accepted: true, duplicate: result!.duplicate };
}

export interface BatchReport {
  recorded: number;
  duplicates: number;
  errors: { index: number; code: "verification_not_found" | "ambiguous_order_id" | "invalid_request"; message: string }[];
}

/**
 * `POST /outcomes/batch` and `dakiya outcomes import`: reports that passed the schema, each with its index in the request, and
 * those that did not with their message. Errors a single report answers with another code (a test
 * verification) are `invalid_request` here: the contract's three codes say what the client can fix.
 */
export async function reportOutcomes(db: Db, workspaceId: string, reports: { index: number; input: OutcomeInput }[], invalid: { index: number; message: string }[]): Promise<BatchReport> {
  const results = await recordOutcomes(
    db,
    workspaceId,
    reports.map((r) => r.input),
  );
  const report: BatchReport = { recorded: 0, duplicates: 0, errors: invalid.map((e) => ({ index: e.index, code: "invalid_request", message: e.message })) };
  results.forEach((r, i) => {
    if ("error" in r) {
      const code = r.error.code === "verification_not_found" || r.error.code === "ambiguous_order_id" ? r.error.code : "invalid_request";
      report.errors.push({ index: reports[i]!.index, code, message: r.error.message });
    } else if (r.duplicate) report.duplicates++;
    else report.recorded++;
  });
  report.errors.sort((a, b) => a.index - b.index);
  return report;
}
