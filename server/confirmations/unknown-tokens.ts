/**
 * Unknown link tokens per client address, counted in this process's memory: a flood of made-up
 * tokens costs no database write (issue 29). A client that has tried `limit` unknown tokens in the
 * current minute is refused 429 for the rest of it, real links too, before any database read.
 */
import { nowMs } from "../clock";
import { DakiyaError } from "../errors";

const WINDOW_MS = 60_000;
/**
 * Client addresses one window tracks (about 100 bytes each). Once full, an address not yet tracked
 * may open real links but its unknown tokens are refused: whoever filled the table is guessing.
 */
export const UNKNOWN_TOKEN_CLIENTS_MAX = 10_000;

let windowStart = 0;
const counts = new Map<string, number>();

/** The seconds left in the current window, starting a new one when the minute turned. */
function secondsLeft(): number {
  const at = nowMs();
  const start = Math.floor(at / WINDOW_MS) * WINDOW_MS;
  if (start !== windowStart) {
    windowStart = start;
    counts.clear();
  }
  return Math.max(1, Math.ceil((start + WINDOW_MS - at) / 1000));
}

function limited(limit: number, reset: number): DakiyaError {
  return new DakiyaError("rate_limited", `More than ${limit} unknown links were tried from your network this minute; retry in ${reset} s.`, {
    headers: { "Retry-After": String(reset) },
  });
}

/** 429 when this client has used up its unknown tokens this minute. */
export function refuseBlockedClient(client: string, limit: number): void {
  const reset = secondsLeft();
  if ((counts.get(client) ?? 0) >= limit) throw limited(limit, reset);
}

/** Counts one unknown token for this client: 429 once it is past the limit, or when the table is full. */
export function countUnknownToken(client: string, limit: number): void {
  const reset = secondsLeft();
  const seen = counts.get(client);
  if (seen === undefined && counts.size >= UNKNOWN_TOKEN_CLIENTS_MAX) throw limited(limit, reset);
  counts.set(client, (seen ?? 0) + 1);
  if ((seen ?? 0) + 1 > limit) throw limited(limit, reset);
}
