import type { Db, Tx } from "../db";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { now } from "../clock";
import type { Caller } from "../keys";

/** Quota is kept in integer tenths of a unit so 0.1-unit charges never accumulate float error. */
export const COST_TENTHS = {
  verify: 10,
  batchRow: 10,
  normalize: 1,
} as const;

export type Operation = keyof typeof COST_TENTHS;
type Plan = Caller["plan"];

/** The billing period of an instant: its calendar month in UTC, `YYYY-MM`. */
export function billingPeriod(at: Date = now()): string {
  return at.toISOString().slice(0, 7);
}

export interface Charge {
  workspaceId: string;
  plan: Pick<Plan, "includedTenths" | "overagePaisePerUnit">;
  operation: Operation;
  /** Makes the charge idempotent: a second charge with the same ref changes nothing. */
  ref?: string;
}

/**
 * Charges one operation atomically. A plan without overage is guarded by one conditional upsert
 * on the period's running total, so concurrent charges can never spend past `included`.
 * Call it inside the transaction that records what is being paid for, so both commit or neither.
 * Returns false when `ref` was already charged.
 */
export async function charge(tx: Tx, { workspaceId, plan, operation, ref }: Charge): Promise<boolean> {
  const tenths = COST_TENTHS[operation];
  const period = billingPeriod();
  const cap = plan.overagePaisePerUnit === null ? plan.includedTenths : null;
  if (cap !== null && tenths > cap) throw quotaExhausted();

  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO usage_charges (id, workspace_id, period, tenths, operation, ref, created_at)
    VALUES (${newId("chg")}, ${workspaceId}, ${period}, ${tenths}, ${operation}, ${ref ?? null}, ${now()})
    ON CONFLICT (ref) DO NOTHING
    RETURNING id`;
  if (inserted.length === 0) return false;

  const updated = await tx.$queryRaw<{ used_tenths: number }[]>`
    INSERT INTO usage_periods (workspace_id, period, used_tenths, updated_at)
    VALUES (${workspaceId}, ${period}, ${tenths}, ${now()})
    ON CONFLICT (workspace_id, period) DO UPDATE
      SET used_tenths = usage_periods.used_tenths + EXCLUDED.used_tenths, updated_at = EXCLUDED.updated_at
      WHERE ${cap}::int IS NULL OR usage_periods.used_tenths + EXCLUDED.used_tenths <= ${cap}::int
    RETURNING used_tenths`;
  if (updated.length === 0) throw quotaExhausted();
  return true;
}

/** Charges outside any other work (e.g. normalize, which records nothing else). */
export async function chargeNow(db: Db, c: Charge): Promise<boolean> {
  return db.$transaction((tx) => charge(tx, c));
}

/**
 * Refuses early, before paying for a provider call, when a no-overage plan cannot pay for the
 * operation. Only a fast path: `charge` is what guarantees the limit under concurrency.
 */
export async function assertCanCharge(db: Db, workspaceId: string, plan: Pick<Plan, "includedTenths" | "overagePaisePerUnit">, operation: Operation): Promise<void> {
  if (plan.overagePaisePerUnit !== null) return;
  const row = await db.usagePeriod.findUnique({ where: { workspaceId_period: { workspaceId, period: billingPeriod() } } });
  if ((row?.usedTenths ?? 0) + COST_TENTHS[operation] > plan.includedTenths) throw quotaExhausted();
}

function quotaExhausted(): DakiyaError {
  return new DakiyaError("quota_exhausted", "This workspace has used all the units its plan includes this month; upgrade the plan to continue.");
}

export interface Usage {
  period: string;
  plan: string;
  included: number;
  used: number;
  remaining: number;
  overage_paise: number;
}

export async function getUsage(db: Db, workspaceId: string, plan: Pick<Plan, "id" | "includedTenths" | "overagePaisePerUnit">): Promise<Usage> {
  const period = billingPeriod();
  const row = await db.usagePeriod.findUnique({ where: { workspaceId_period: { workspaceId, period } } });
  const usedTenths = row?.usedTenths ?? 0;
  const overTenths = Math.max(0, usedTenths - plan.includedTenths);
  return {
    period,
    plan: plan.id,
    included: plan.includedTenths / 10,
    used: usedTenths / 10,
    remaining: Math.max(0, plan.includedTenths - usedTenths) / 10,
    // Overage is priced per whole unit; a part-unit is charged pro rata, rounded up to the paisa.
    overage_paise: Math.ceil((overTenths * (plan.overagePaisePerUnit ?? 0)) / 10),
  };
}

/** Units used per UTC day of a period, for the console's chart. */
export async function usageByDay(db: Db, workspaceId: string, period = billingPeriod()): Promise<{ day: string; used: number }[]> {
  const rows = await db.$queryRaw<{ day: string; tenths: bigint | number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, SUM(tenths) AS tenths
    FROM usage_charges WHERE workspace_id = ${workspaceId} AND period = ${period}
    GROUP BY 1 ORDER BY 1`;
  return rows.map((r) => ({ day: r.day, used: Number(r.tenths) / 10 }));
}
