import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Random bytes drawn from the CSPRNG in blocks: one call per request id costs more than the id.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

function randomByte(): number {
  if (offset === pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  return pool[offset++]!;
}

/** Uniform base62 from rejection sampling: 62 does not divide 256, so bytes ≥ 248 are skipped. */
export function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export type IdPrefix = "ws" | "key" | "ver" | "ver_test" | "bat" | "row" | "out" | "wh" | "msg" | "evt" | "chg" | "att" | "req" | "usr" | "cnf" | "era";

/** Prefixed, sortable-enough random identifiers (`bat_…`), 20 base62 chars ≈ 119 bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base62(20)}`;
}

/** Whether `value` has the shape of an id `newId(prefix)` makes; anything else names nothing, so it is not looked up. */
export function isId(prefix: IdPrefix, value: string): boolean {
  return value.length === prefix.length + 21 && value.startsWith(`${prefix}_`) && /^[0-9A-Za-z]{20}$/.test(value.slice(prefix.length + 1));
}
