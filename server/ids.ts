import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform base62 from rejection sampling: 62 does not divide 256, so bytes ≥ 248 are skipped. */
export function base62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix = "ws" | "key" | "ver" | "ver_test" | "bat" | "row" | "out" | "wh" | "msg" | "evt" | "chg" | "att" | "req" | "usr";

/** Prefixed, sortable-enough random identifiers (`bat_…`), 20 base62 chars ≈ 119 bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${base62(20)}`;
}

/** Whether `value` has the shape of an id `newId(prefix)` makes; anything else names nothing, so it is not looked up. */
export function isId(prefix: IdPrefix, value: string): boolean {
  return value.length === prefix.length + 21 && value.startsWith(`${prefix}_`) && /^[0-9A-Za-z]{20}$/.test(value.slice(prefix.length + 1));
}
