import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { isId, newId } from "../ids";
import { now } from "../clock";
import type { Caller } from "../keys";
import type { OutcomeKind } from "../verification";
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

/** Finds the live verification an outcome is about, in the caller's workspace only. */
async function findVerification(db: Db, workspaceId: string, input: OutcomeInput) {
  if (input.verification_id) {
    if (input.verification_id.startsWith("ver_test_")) {
      throw new DakiyaError("live_verification_required", "Outcomes can be reported only for live verifications; ver_test_ verifications never enter delivery history.");
    }
    const v = isId("ver", input.verification_id) ? await db.verification.findFirst({ where: { id: input.verification_id, workspaceId, livemode: true } }) : null;
    if (!v) throw new DakiyaError("verification_not_found", `No verification ${input.verification_id} in this workspace.`);
    if (input.order_id !== undefined && v.orderId !== input.order_id) {
      throw new DakiyaError("invalid_request", `Verification ${v.id} has order_id ${v.orderId === null ? "null" : `"${v.orderId}"`}, not "${input.order_id}".`, {
        details: [{ path: "order_id", message: "does not match the verification" }],
      });
    }
    return v;
  }
  const matches = await db.verification.findMany({ where: { workspaceId, orderId: input.order_id!, livemode: true }, take: 2 });
  if (matches.length === 0) throw new DakiyaError("verification_not_found", `No live verification with order_id "${input.order_id}" in this workspace.`);
  if (matches.length > 1) {
    throw new DakiyaError("ambiguous_order_id", `More than one live verification has order_id "${input.order_id}"; report the outcome by verification_id.`);
  }
  return matches[0]!;
}

/**
 * Records the first outcome reported for a verification; any later report is a duplicate and
 * changes nothing. The unique verification_id makes two concurrent first reports record one. The
 * courier is stored as its one canonical name (./courier.ts), before the roll-up triggers count it. The
 * same statement copies the outcome onto the verification (what analytics and the preview scan) and
 * marks the workspace's delivery curve stale; the curve is then refreshed if a minute has passed.
 */
export async function reportOutcome(db: Db, caller: Caller, input: OutcomeInput): Promise<{ accepted: true; duplicate: boolean }> {
  const v = await findVerification(db, caller.workspaceId, input);
  const [row] = await db.$queryRaw<{ inserted: number }[]>`
    WITH inserted AS (
      INSERT INTO outcomes (id, workspace_id, verification_id, address_key, outcome, courier, delivered_at, created_at)
      VALUES (${newId("out")}, ${caller.workspaceId}, ${v.id}, ${v.addressKey}, ${input.outcome}::"OutcomeKind", ${canonicalCourier(input.courier)},
              ${input.delivered_at ? new Date(input.delivered_at) : null}, ${now()})
      ON CONFLICT (verification_id) DO NOTHING
      RETURNING verification_id, outcome, courier),
    copied AS (
      UPDATE verifications SET outcome = inserted.outcome, courier = inserted.courier FROM inserted WHERE verifications.id = inserted.verification_id),
    stale AS (${markStaleSql(caller.workspaceId)} AND EXISTS (SELECT 1 FROM inserted))
    SELECT count(*)::int AS inserted FROM inserted`;
  const duplicate = !row?.inserted;
  if (!duplicate) await refreshCurve(db, caller.workspaceId);
  return { accepted: true, duplicate };
}
