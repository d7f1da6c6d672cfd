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

/**
 * Counts a call of `endpoint` by a key (REST) or by a console member, against the limit of the
 * caller's kind (test or live). A member has one count per endpoint whatever the console's mode
 * header says, so switching modes does not buy a second allowance. Null when the plan has no limit.
 */
export async function countRequest(db: Db, caller: Caller, memberUserId: string | null, endpoint: string): Promise<RateLimitState | null> {
  const limit = limitFor(caller, endpoint);
  if (limit === null) return null;
  return hit(db, memberUserId ? `member:${memberUserId}:${endpoint}` : `${caller.keyId}:${endpoint}`, limit);
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

/** The window this process last purged expired counters in. */
let purgedWindow = 0;

/**
 * Deletes every counter whose window is over: this module's, and better-auth's per-address sign-in
 * counts (auth_rate_limits, a one-minute window too). Counters of buckets never hit again (a made-up
 * email tried once) would otherwise stay forever.
 */
export async function purgeExpiredCounters(db: Db, windowStart: number): Promise<void> {
  await db.$executeRaw`DELETE FROM rate_limit_counters WHERE window_start < ${new Date(windowStart)}`;
  await db.$executeRaw`DELETE FROM auth_rate_limits WHERE last_request < ${BigInt(windowStart - WINDOW_MS)}`;
}

/**
 * Counts one request in a fixed one-minute window kept in the database, so every process
 * serving the API shares the count. Throws 429 `rate_limited` past the limit.
 */
export async function hit(db: Db, bucket: string, limit: number): Promise<RateLimitState> {
  const at = nowMs();
  const windowMs = Math.floor(at / WINDOW_MS) * WINDOW_MS;
  const windowStart = new Date(windowMs);
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES (${bucket}, ${windowStart}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
    RETURNING count`;
  const count = row!.count;
  if (count === 1 && purgedWindow !== windowMs) {
    // Once a minute per process, on a window's first hit: the table holds only the current windows.
    purgedWindow = windowMs;
    await purgeExpiredCounters(db, windowMs);
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
