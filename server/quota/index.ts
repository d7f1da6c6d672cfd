import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { now, nowMs } from "../clock";
import { config } from "../config";
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
}

/** The most tenths a plan may use in a period: its included units without overage, else no limit. */
export function capOf(plan: Charge["plan"]): number | null {
  return plan.overagePaisePerUnit === null ? plan.includedTenths : null;
}

/**
 * The charge as CTEs of the statement that records what is paid for, so both commit or neither in
 * one round trip. `source` names an earlier CTE with one row per charge (`charge_id`, `ref`). `paid`
 * adds them all to the period's running total with one conditional upsert, so concurrent charges can
 * never spend past a no-overage plan's units; when they do not fit, `paid` is empty and nothing that
 * depends on it is written. Units reserved for these refs before their provider calls (reserveCtes)
 * already count against the plan: they become the charge (`released`), so a reserved call always fits.
 * `charged` writes the ledger lines; a `ref` charged before violates its unique index and aborts the
 * whole statement.
 */
export function chargeCtes(source: string, { workspaceId, plan, operation }: Charge): Prisma.Sql {
  const tenths = COST_TENTHS[operation];
  const period = billingPeriod();
  const cap = capOf(plan);
  const src = Prisma.raw(source);
  const at = now();
  return Prisma.sql`
    held AS (
      SELECT coalesce(sum(tenths), 0)::int AS tenths FROM usage_reservations
      WHERE workspace_id = ${workspaceId} AND period = ${period} AND ref IN (SELECT ref FROM ${src})),
    paid AS (
      INSERT INTO usage_periods (workspace_id, period, used_tenths, updated_at)
      SELECT ${workspaceId}, ${period}, count(*)::int * ${tenths}::int, ${at} FROM ${src}
      HAVING count(*) > 0 AND (${cap}::int IS NULL OR count(*)::int * ${tenths}::int <= ${cap}::int)
      ON CONFLICT (workspace_id, period) DO UPDATE
        SET used_tenths = usage_periods.used_tenths + EXCLUDED.used_tenths,
          reserved_tenths = usage_periods.reserved_tenths - (SELECT tenths FROM held), updated_at = EXCLUDED.updated_at
        WHERE ${cap}::int IS NULL OR usage_periods.used_tenths + usage_periods.reserved_tenths - (SELECT tenths FROM held) + EXCLUDED.used_tenths <= ${cap}::int
      RETURNING used_tenths),
    released AS (
      DELETE FROM usage_reservations WHERE workspace_id = ${workspaceId} AND period = ${period} AND ref IN (SELECT ref FROM ${src}) AND EXISTS (SELECT 1 FROM paid)),
    charged AS (
      INSERT INTO usage_charges (id, workspace_id, period, tenths, operation, ref, created_at)
      SELECT charge_id, ${workspaceId}, ${period}, ${tenths}::int, ${operation}, ref, ${at} FROM ${src} WHERE EXISTS (SELECT 1 FROM paid))`;
}

/** How long a reservation may be held: past any provider call and a batch row's lease, so only a dead process's expires. */
function reservationMs(): number {
  return config().BATCH_ROW_LEASE_MS + 60_000;
}

/**
 * Reserves one operation's units for `ref` before its provider call, as CTEs of a statement the call
 * makes anyway (no round trip of its own), only when `when` holds and the no-overage plan has the
 * units left once every other reservation is counted. So under any burst, on any number of
 * instances, the provider is called at most as many times as there are units left. `reservedSql` says
 * whether `ref` holds its units (a new reservation, or its own earlier one: a batch row claimed again).
 */
export function reserveCtes(ref: string, { workspaceId, plan, operation }: Charge, when: Prisma.Sql = Prisma.sql`TRUE`): Prisma.Sql {
  const tenths = COST_TENTHS[operation];
  const period = billingPeriod();
  const at = now();
  return Prisma.sql`
    reserving AS (
      INSERT INTO usage_periods (workspace_id, period, used_tenths, reserved_tenths, updated_at)
      SELECT ${workspaceId}, ${period}, 0, ${tenths}::int, ${at}
      WHERE ${when} AND ${tenths}::int <= ${capOf(plan)}::int AND NOT EXISTS (SELECT 1 FROM usage_reservations WHERE ref = ${ref})
      ON CONFLICT (workspace_id, period) DO UPDATE
        SET reserved_tenths = usage_periods.reserved_tenths + EXCLUDED.reserved_tenths, updated_at = EXCLUDED.updated_at
        WHERE usage_periods.used_tenths + usage_periods.reserved_tenths + EXCLUDED.reserved_tenths <= ${capOf(plan)}::int
      RETURNING 1),
    holding AS (
      INSERT INTO usage_reservations (ref, workspace_id, period, tenths, expires_at)
      SELECT ${ref}, ${workspaceId}, ${period}, ${tenths}::int, ${new Date(nowMs() + reservationMs())} FROM reserving
      ON CONFLICT (ref) DO NOTHING)`;
}

export function reservedSql(ref: string): Prisma.Sql {
  return Prisma.sql`(EXISTS (SELECT 1 FROM reserving) OR EXISTS (SELECT 1 FROM usage_reservations WHERE ref = ${ref}))`;
}

/** Gives back the units reserved for `ref` (its provider call failed); nothing when none are held. */
export async function releaseReservation(db: Db, ref: string): Promise<void> {
  await releaseWhere(db, Prisma.sql`ref = ${ref}`);
}

/** The sweep: reservations past their time (a process died mid-call) give their units back. */
export async function releaseStaleReservations(db: Db): Promise<void> {
  await releaseWhere(db, Prisma.sql`expires_at < ${now()}`);
}

async function releaseWhere(db: Db, where: Prisma.Sql): Promise<void> {
  await query(
    db,
    Prisma.sql`
    WITH gone AS (DELETE FROM usage_reservations WHERE ${where} RETURNING workspace_id, period, tenths),
    per AS (SELECT workspace_id, period, sum(tenths)::int AS tenths FROM gone GROUP BY workspace_id, period)
    UPDATE usage_periods u SET reserved_tenths = u.reserved_tenths - per.tenths FROM per
    WHERE u.workspace_id = per.workspace_id AND u.period = per.period
    RETURNING 1`,
  );
}

/** Charges one operation that records nothing else (a live normalize), in one statement. */
export async function chargeNow(db: Db, c: Charge): Promise<void> {
  const [row] = await query<{ paid: number }>(
    db,
    Prisma.sql`
    WITH one AS (SELECT ${newId("chg")}::text AS charge_id, NULL::text AS ref), ${chargeCtes("one", c)}
    SELECT count(*)::int AS paid FROM paid`,
  );
  if (!row?.paid) throw quotaExhausted();
}

/** Refuses up front what a no-overage plan could not pay for even once (a batch whose every row would fail). */
export async function assertCanCharge(db: Db, workspaceId: string, plan: Pick<Plan, "includedTenths" | "overagePaisePerUnit">, operation: Operation): Promise<void> {
  if (plan.overagePaisePerUnit !== null) return;
  const row = await db.usagePeriod.findUnique({ where: { workspaceId_period: { workspaceId, period: billingPeriod() } } });
  if ((row?.usedTenths ?? 0) + COST_TENTHS[operation] > plan.includedTenths) throw quotaExhausted();
}

export function quotaExhausted(): DakiyaError {
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
