import { nowMs } from "../clock";
import { query, type Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { lookupPincode } from "../addresses";
import { BANDS } from "../outcomes/probability";
import { DECISIONS, type Decision } from "../../lib/words";
import type { ReasonCode } from "../verification/reasons";

/**
 * `GET /analytics/outcomes`: a workspace's live verifications of a period (by the day they were
 * made, UTC) with their reported outcomes (docs/decision-policy.md): one read grouped by decision,
 * week, score band and courier together (a few hundred groups, rolled up here), one for reason
 * codes and one for the pincodes with most returns, run side by side.
 */
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

interface Counts {
  verifications: number;
  delivered: number;
  returned: number;
  lost: number;
}

export interface OutcomeAnalytics {
  from: string;
  to: string;
  verifications: number;
  outcomes: number;
  by_decision: { decision: Decision; verifications: number; delivered: number; returned: number; return_rate: number | null }[];
  by_reason: { code: ReasonCode; verifications: number; returned: number; return_rate: number | null }[];
  by_pincode: { pincode: string; district: string | null; state: string | null; verifications: number; returned: number; return_rate: number | null }[];
  by_courier: { courier: string; outcomes: number; returned: number; return_rate: number | null }[];
  by_week: { week: string; verifications: number; outcomes: number; returned: number; return_rate: number | null }[];
  calibration: { brier: number | null; bands: { from: number; to: number; predicted: number | null; observed: number | null; count: number }[] };
  synthetic_verifications: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** returned ÷ (delivered + returned + lost): the parcels whose fate is known. */
function returnRate(c: Pick<Counts, "delivered" | "returned" | "lost">): number | null {
  const known = c.delivered + c.returned + c.lost;
  return known === 0 ? null : round3(c.returned / known);
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function parseDay(value: string, name: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || isoDate(ms) !== value) {
    throw new DakiyaError("invalid_request", `Invalid request: ${name}: must be a date YYYY-MM-DD`, { details: [{ path: name, message: "must be a date YYYY-MM-DD" }] });
  }
  return ms;
}

/** The period's first and last day (inclusive), as midnights UTC: default the last 30 days to today. */
export function periodOf(input: { from?: string; to?: string }): { fromMs: number; toMs: number } {
  const today = Math.floor(nowMs() / DAY_MS) * DAY_MS;
  const toMs = input.to !== undefined ? parseDay(input.to, "to") : input.from !== undefined ? Math.min(today, parseDay(input.from, "from") + (DEFAULT_DAYS - 1) * DAY_MS) : today;
  const fromMs = input.from !== undefined ? parseDay(input.from, "from") : toMs - (DEFAULT_DAYS - 1) * DAY_MS;
  if (fromMs > toMs) throw new DakiyaError("invalid_request", "Invalid request: from: must not be after to", { details: [{ path: "from", message: "must not be after to" }] });
  if ((toMs - fromMs) / DAY_MS + 1 > MAX_DAYS) {
    throw new DakiyaError("invalid_request", `Invalid request: from: the period may be at most ${MAX_DAYS} days`, {
      details: [{ path: "from", message: `the period may be at most ${MAX_DAYS} days` }],
    });
  }
  return { fromMs, toMs };
}

/** ISO 8601 week ("2026-W47") of the Monday that starts it. */
export function isoWeek(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The counts every roll-up keeps, summed over the period's days. */
const COUNTS = Prisma.sql`sum(verifications)::int AS verifications, sum(delivered)::int AS delivered, sum(returned)::int AS returned, sum(lost)::int AS lost`;

interface GroupedRow extends Counts {
  decision: Decision;
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  band: number;
  /** '' until an outcome names one. */
  courier: string;
  outcomes: number;
  judged: number;
  psum: number;
  sqsum: number;
  synthetic: number;
}

/** Sums of the cube's rows by one of its columns (the key `null` for the grand total). */
function rollUp<K>(rows: GroupedRow[], key: (r: GroupedRow) => K): Map<K, Omit<GroupedRow, "decision" | "week" | "band" | "courier">> {
  const out = new Map<K, Omit<GroupedRow, "decision" | "week" | "band" | "courier">>();
  for (const r of rows) {
    const k = key(r);
    const t = out.get(k) ?? { verifications: 0, delivered: 0, returned: 0, lost: 0, outcomes: 0, judged: 0, psum: 0, sqsum: 0, synthetic: 0 };
    t.verifications += r.verifications;
    t.delivered += r.delivered;
    t.returned += r.returned;
    t.lost += r.lost;
    t.outcomes += r.outcomes;
    t.judged += r.judged;
    t.psum += r.psum;
    t.sqsum += r.sqsum;
    t.synthetic += r.synthetic;
    out.set(k, t);
  }
  return out;
}

/** `by_courier` lists at most this many couriers, then one row `other` for the rest. */
export const BY_COURIER_TOP = 20;

/** The couriers with most outcomes (`unknown` for none named), and the rest summed as `other`. */
function topCouriers(byCourier: Map<string, { outcomes: number; returned: number; delivered: number; lost: number }>): OutcomeAnalytics["by_courier"] {
  const rows = [...byCourier]
    .filter(([, r]) => r.outcomes > 0)
    .map(([courier, r]) => ({ courier: courier || "unknown", ...r }))
    .sort((a, b) => b.outcomes - a.outcomes || a.courier.localeCompare(b.courier));
  const shown = rows.slice(0, BY_COURIER_TOP);
  const rest = rows.slice(BY_COURIER_TOP);
  if (rest.length > 0) {
    const sum = (k: "outcomes" | "returned" | "delivered" | "lost") => rest.reduce((n, r) => n + r[k], 0);
    shown.push({ courier: "other", outcomes: sum("outcomes"), returned: sum("returned"), delivered: sum("delivered"), lost: sum("lost") });
  }
  return shown.map((r) => ({ courier: r.courier, outcomes: r.outcomes, returned: r.returned, return_rate: returnRate(r) }));
}

/**
 * Read from the day roll-ups the database keeps as verifications and outcomes are written
 * (migration 20261125164538_analytics_days, docs/decision-policy.md): a period costs as many rows as
 * it has days × groups, whatever the number of verifications.
 */
export async function outcomeAnalytics(db: Db, workspaceId: string, input: { from?: string; to?: string }): Promise<OutcomeAnalytics> {
  const { fromMs, toMs } = periodOf(input);
  const period = Prisma.sql`workspace_id = ${workspaceId} AND day BETWEEN ${isoDate(fromMs)}::date AND ${isoDate(toMs)}::date`;
  const [cube, reasons, pincodes] = await Promise.all([
    query<GroupedRow>(
      db,
      Prisma.sql`
      SELECT decision::text AS decision, to_char(date_trunc('week', day), 'YYYY-MM-DD') AS week, band, courier, ${COUNTS},
        sum(outcomes)::int AS outcomes, sum(judged)::int AS judged, sum(psum)::float8 AS psum, sum(sqsum)::float8 AS sqsum, sum(synthetic)::int AS synthetic
      FROM analytics_days WHERE ${period}
      GROUP BY 1, 2, 3, 4 HAVING sum(verifications) > 0`,
    ),
    query<Counts & { code: ReasonCode }>(
      db,
      Prisma.sql`
      SELECT code, ${COUNTS} FROM analytics_reason_days WHERE ${period}
      GROUP BY code HAVING sum(verifications) > 0 ORDER BY verifications DESC, code`,
    ),
    query<Counts & { pincode: string }>(
      db,
      Prisma.sql`
      SELECT pincode, ${COUNTS} FROM analytics_pincode_days WHERE ${period}
      GROUP BY pincode HAVING sum(verifications) > 0 ORDER BY returned DESC, verifications DESC, pincode LIMIT 20`,
    ),
  ]);

  const total = rollUp(cube, () => null).get(null);
  const byDecision = rollUp(cube, (r) => r.decision);
  const byBand = rollUp(cube, (r) => r.band);
  const byWeek = rollUp(cube, (r) => r.week);
  const byCourier = rollUp(cube, (r) => r.courier);
  const judged = total?.judged ?? 0;

  return {
    from: isoDate(fromMs),
    to: isoDate(toMs),
    verifications: total?.verifications ?? 0,
    outcomes: total?.outcomes ?? 0,
    by_decision: DECISIONS.map((decision) => {
      const r = byDecision.get(decision) ?? { verifications: 0, delivered: 0, returned: 0, lost: 0 };
      return { decision, verifications: r.verifications, delivered: r.delivered, returned: r.returned, return_rate: returnRate(r) };
    }),
    by_reason: reasons.map((r) => ({ code: r.code, verifications: r.verifications, returned: r.returned, return_rate: returnRate(r) })),
    by_pincode: pincodes.map((r) => {
      const entry = lookupPincode(r.pincode);
      return { pincode: r.pincode, district: entry?.district ?? null, state: entry?.state ?? null, verifications: r.verifications, returned: r.returned, return_rate: returnRate(r) };
    }),
    by_courier: topCouriers(byCourier),
    by_week: [...byWeek]
      .map(([week, r]) => ({ week: isoWeek(new Date(`${week}T00:00:00Z`)), verifications: r.verifications, outcomes: r.outcomes, returned: r.returned, return_rate: returnRate(r) }))
      .sort((a, b) => a.week.localeCompare(b.week)),
    calibration: {
      brier: judged === 0 ? null : round3(total!.sqsum / judged),
      bands: Array.from({ length: BANDS }, (_, band) => {
        const r = byBand.get(band);
        const count = r?.judged ?? 0;
        return {
          from: band * 10,
          to: band === BANDS - 1 ? 100 : band * 10 + 10,
          predicted: count === 0 ? null : round3(r!.psum / count),
          observed: count === 0 ? null : round3(r!.delivered / count),
          count,
        };
      }),
    },
    synthetic_verifications: total?.synthetic ?? 0,
  };
}
