import { now, nowMs } from "../clock";
import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";

/**
 * `delivery_probability` (docs/decision-policy.md): per workspace, the share of its verifications in
 * each score band whose reported outcome was `delivered`, pulled toward a prior curve with the weight
 * of PRIOR_WEIGHT outcomes, then made non-decreasing in the score by pool-adjacent-violators. Learnt
 * from the workspace's own outcomes only; refreshed as outcomes arrive, at most once a minute.
 */
/** Also the analytics day roll-up's bands (LEAST(score / 10, 9) in migration 20261125164538_analytics_days). */
export const BANDS = 10;
export const PRIOR_WEIGHT = 50;
export const REFRESH_MS = 60_000;

/** Band of a score: 0–9, 10–19, …, 90–100 (100 joins the top band). */
export function bandOf(score: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor(score / 10)));
}

/** The prior: 0.6175 in the lowest band rising by 0.035 a band to 0.9325 in the top one. */
export function priorOf(band: number): number {
  return 0.6 + 0.035 * (band + 0.5);
}

export const PRIOR_CURVE: readonly number[] = Array.from({ length: BANDS }, (_, b) => priorOf(b));

/** Weighted isotonic regression (non-decreasing) by pool-adjacent-violators. */
export function pav(values: readonly number[], weights: readonly number[]): number[] {
  const blocks: { value: number; weight: number; size: number }[] = [];
  values.forEach((value, i) => {
    blocks.push({ value, weight: weights[i]!, size: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.value > blocks[blocks.length - 1]!.value) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const weight = a.weight + b.weight;
      blocks.push({ value: (a.value * a.weight + b.value * b.weight) / weight, weight, size: a.size + b.size });
    }
  });
  return blocks.flatMap((b) => Array<number>(b.size).fill(b.value));
}

export interface BandCounts {
  /** Outcomes that say whether a parcel arrived: delivered, rto, customer_refused, address_issue, lost. */
  outcomes: number;
  delivered: number;
}

/** The curve from per-band counts (index = band). */
export function learnCurve(counts: readonly BandCounts[]): number[] {
  const pooled = PRIOR_CURVE.map((prior, b) => {
    const c = counts[b] ?? { outcomes: 0, delivered: 0 };
    return { value: (c.delivered + PRIOR_WEIGHT * prior) / (c.outcomes + PRIOR_WEIGHT), weight: c.outcomes + PRIOR_WEIGHT };
  });
  return pav(
    pooled.map((p) => p.value),
    pooled.map((p) => p.weight),
  );
}

/** A verification's delivery probability, two decimals; the prior when nothing was learnt yet. */
export function probabilityOf(curve: readonly number[] | null, score: number): number {
  const c = curve && curve.length === BANDS ? curve : PRIOR_CURVE;
  return Math.round(c[bandOf(score)]! * 100) / 100;
}

/** Reads the counts (from the analytics day roll-up, whose bands are these) and writes the curve, if this caller claimed the refresh. */
async function compute(db: Db, workspaceId: string): Promise<number[]> {
  const rows = await query<{ band: number; outcomes: number; delivered: number }>(
    db,
    Prisma.sql`
    SELECT band, sum(judged)::int AS outcomes, sum(delivered)::int AS delivered
    FROM analytics_days WHERE workspace_id = ${workspaceId}
    GROUP BY 1`,
  );
  const counts: BandCounts[] = Array.from({ length: BANDS }, () => ({ outcomes: 0, delivered: 0 }));
  for (const r of rows) counts[r.band] = { outcomes: r.outcomes, delivered: r.delivered };
  const curve = learnCurve(counts);
  await query(
    db,
    Prisma.sql`
    UPDATE delivery_curves SET probabilities = ${JSON.stringify(curve)}::jsonb, outcomes = ${counts.reduce((n, c) => n + c.outcomes, 0)}
    WHERE workspace_id = ${workspaceId}`,
  );
  return curve;
}

/**
 * Refreshes the workspace's curve when outcomes arrived since the last refresh and that was at least
 * a minute ago (or at once with `force`); the claim is one conditional statement, so across processes
 * one refresh a minute runs. Returns the new curve, or null when it was not due.
 */
export async function refreshCurve(db: Db, workspaceId: string, opts: { force?: boolean } = {}): Promise<number[] | null> {
  const due = new Date(nowMs() - REFRESH_MS);
  const claimed = await query<{ claimed: number }>(
    db,
    Prisma.sql`
    INSERT INTO delivery_curves (workspace_id, probabilities, outcomes, stale, computed_at)
    VALUES (${workspaceId}, '[]'::jsonb, 0, false, ${now()})
    ON CONFLICT (workspace_id) DO UPDATE SET stale = false, computed_at = ${now()}
    WHERE ${opts.force === true} OR (delivery_curves.stale AND delivery_curves.computed_at <= ${due})
    RETURNING 1 AS claimed`,
  );
  if (claimed.length === 0) return null;
  return compute(db, workspaceId);
}

/** SQL marking the curve stale after an outcome was recorded (a no-op when the workspace has none yet: the first read makes it). */
export function markStaleSql(workspaceId: string): Prisma.Sql {
  return Prisma.sql`UPDATE delivery_curves SET stale = true WHERE workspace_id = ${workspaceId}`;
}

/** Whether a curve read with `stale` and `computedAt` is due for a refresh. */
export function isDue(stale: boolean, computedAt: Date): boolean {
  return stale && computedAt.getTime() <= nowMs() - REFRESH_MS;
}
