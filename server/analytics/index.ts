import { nowMs } from "../clock";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { lookupPincode } from "../addresses";
import { BANDS } from "../outcomes/probability";
import type { Decision } from "../verification/decide";
import type { ReasonCode } from "../verification/reasons";

/**
 * `GET /analytics/outcomes`: a workspace's live verifications of a period (by the day they were
 * made, UTC) with their reported outcomes, aggregated in SQL (docs/decision-policy.md): one scan
 * grouped by decision, week, score band and courier together (a few hundred groups, hashed in
 * memory, rolled up here), one for reason codes and one for the pincodes with most returns, run side
 * by side, each without JIT compilation (it costs more than these scans save).
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

const COUNTS = Prisma.sql`count(*)::int AS verifications,
  count(*) FILTER (WHERE outcome = 'delivered')::int AS delivered,
  count(*) FILTER (WHERE outcome IN ('rto', 'customer_refused', 'address_issue'))::int AS returned,
  count(*) FILTER (WHERE outcome = 'lost')::int AS lost`;

interface GroupedRow extends Counts {
  decision: Decision;
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  band: number;
  courier: string | null;
  outcomes: number;
  judged: number;
  psum: number | null;
  sqsum: number | null;
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
    t.psum = Number(t.psum) + Number(r.psum ?? 0);
    t.sqsum = Number(t.sqsum) + Number(r.sqsum ?? 0);
    t.synthetic += r.synthetic;
    out.set(k, t);
  }
  return out;
}

/** How long one aggregate may wait for a connection and run: a bound for a runaway read, far above the bench's figures. */
const AGGREGATE_LIMIT_MS = 60_000;

/** One aggregate statement in its own transaction with JIT off (compiling these scans costs seconds). */
function aggregate<T>(db: Db, statement: Prisma.Sql): Promise<T[]> {
  return db.$transaction([db.$executeRaw`SET LOCAL jit = off`, db.$queryRaw<T[]>(statement)], { maxWait: AGGREGATE_LIMIT_MS, timeout: AGGREGATE_LIMIT_MS }).then(([, rows]) => rows);
}

export async function outcomeAnalytics(db: Db, workspaceId: string, input: { from?: string; to?: string }): Promise<OutcomeAnalytics> {
  const { fromMs, toMs } = periodOf(input);
  const period = Prisma.sql`workspace_id = ${workspaceId} AND livemode AND created_at >= ${new Date(fromMs)} AND created_at < ${new Date(toMs + DAY_MS)}`;
  const judgedSql = Prisma.sql`outcome IS NOT NULL AND outcome <> 'cancelled'`;
  const [cube, reasons, pincodes] = await Promise.all([
    // `judged`: outcomes that say whether the parcel arrived (cancelled says nothing), the calibration's base.
    aggregate<GroupedRow>(
      db,
      Prisma.sql`
      SELECT decision::text AS decision, to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
        LEAST(score / 10, ${BANDS - 1})::int AS band, courier, ${COUNTS},
        count(outcome)::int AS outcomes,
        count(*) FILTER (WHERE ${judgedSql})::int AS judged,
        sum(delivery_probability) FILTER (WHERE ${judgedSql}) AS psum,
        sum((delivery_probability - (outcome = 'delivered')::int) ^ 2) FILTER (WHERE ${judgedSql}) AS sqsum,
        count(*) FILTER (WHERE synthetic)::int AS synthetic
      FROM verifications WHERE ${period}
      GROUP BY 1, 2, 3, 4`,
    ),
    aggregate<Counts & { code: ReasonCode }>(
      db,
      Prisma.sql`
      SELECT code, ${COUNTS} FROM verifications, unnest(reason_codes) AS code WHERE ${period} GROUP BY code ORDER BY verifications DESC, code`,
    ),
    aggregate<Counts & { pincode: string }>(
      db,
      Prisma.sql`
      SELECT pincode_code AS pincode, ${COUNTS} FROM verifications WHERE ${period} AND pincode_code IS NOT NULL
      GROUP BY pincode_code ORDER BY returned DESC, verifications DESC, pincode_code LIMIT 20`,
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
    by_decision: (["SHIP", "REVIEW", "HOLD"] as const).map((decision) => {
      const r = byDecision.get(decision) ?? { verifications: 0, delivered: 0, returned: 0, lost: 0 };
      return { decision, verifications: r.verifications, delivered: r.delivered, returned: r.returned, return_rate: returnRate(r) };
    }),
    by_reason: reasons.map((r) => ({ code: r.code, verifications: r.verifications, returned: r.returned, return_rate: returnRate(r) })),
    by_pincode: pincodes.map((r) => {
      const entry = lookupPincode(r.pincode);
      return { pincode: r.pincode, district: entry?.district ?? null, state: entry?.state ?? null, verifications: r.verifications, returned: r.returned, return_rate: returnRate(r) };
    }),
    by_courier: [...byCourier]
      .filter(([, r]) => r.outcomes > 0)
      .map(([courier, r]) => ({ courier: courier ?? "unknown", outcomes: r.outcomes, returned: r.returned, return_rate: returnRate(r) }))
      .sort((a, b) => b.outcomes - a.outcomes || a.courier.localeCompare(b.courier)),
    by_week: [...byWeek]
      .map(([week, r]) => ({ week: isoWeek(new Date(`${week}T00:00:00Z`)), verifications: r.verifications, outcomes: r.outcomes, returned: r.returned, return_rate: returnRate(r) }))
      .sort((a, b) => a.week.localeCompare(b.week)),
    calibration: {
      brier: judged === 0 ? null : round3(Number(total!.sqsum) / judged),
      bands: Array.from({ length: BANDS }, (_, band) => {
        const r = byBand.get(band);
        const count = r?.judged ?? 0;
        return {
          from: band * 10,
          to: band === BANDS - 1 ? 100 : band * 10 + 10,
          predicted: count === 0 ? null : round3(Number(r!.psum) / count),
          observed: count === 0 ? null : round3(r!.delivered / count),
          count,
        };
      }),
    },
    synthetic_verifications: total?.synthetic ?? 0,
  };
}
