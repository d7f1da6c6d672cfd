import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { nowMs } from "../clock";
import type { Caller } from "../keys";

const WINDOW_MS = 60_000;

/** The per-minute limit that applies to a key on an endpoint; null means no limit. */
export function limitFor(caller: Pick<Caller, "kind" | "plan">, endpoint: string): number | null {
  const { plan } = caller;
  if (caller.kind === "live") return plan.livePerMinute;
  return endpoint === "addresses.normalize" ? plan.testNormalizePerMinute : plan.testPerMinute;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.reset),
  };
}

/**
 * Counts one request in a fixed one-minute window kept in the database, so every process
 * serving the API shares the count. Throws 429 `rate_limited` past the limit.
 */
export async function hit(db: Db, bucket: string, limit: number): Promise<RateLimitState> {
  const at = nowMs();
  const windowStart = new Date(Math.floor(at / WINDOW_MS) * WINDOW_MS);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES (${bucket}, ${windowStart}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
    RETURNING count`;
  const count = row!.count;
  if (count === 1) {
    // The first hit of a window clears the bucket's old windows, so the table holds one row per active bucket.
    await db.$executeRaw`DELETE FROM rate_limit_counters WHERE bucket = ${bucket} AND window_start < ${windowStart}`;
  }
  const reset = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - at) / 1000));
  const state = { limit, remaining: Math.max(0, limit - count), reset };
  if (count > limit) {
    throw new DakiyaError("rate_limited", `Rate limit of ${limit} requests a minute exceeded; retry in ${reset} s.`, {
      headers: { ...rateLimitHeaders(state), "Retry-After": String(reset) },
    });
  }
  return state;
}
