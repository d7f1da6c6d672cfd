/**
 * Throughput of normalizeAddress over 1,000 varied addresses (test/data/addresses-bench.json:
 * metro flats, village addresses, Hyderabad door numbers, sectors, phones, old names, junk).
 * The pincode directory is loaded first and timed on its own. Then a quality table on the
 * project's labelled addresses (server/addresses/labelled.ts): per-component accuracy and the
 * share of absent parts that the parser invented. No assertions.
 *
 *   npx tsx scripts/bench/normalize.ts
 */
import { readFileSync } from "node:fs";
import { normalizeAddress, preloadPincodeDirectory, type Components } from "../../server/addresses/index";
import { LABELLED } from "../../server/addresses/labelled";

const addresses = JSON.parse(readFileSync(new URL("../../test/data/addresses-bench.json", import.meta.url), "utf8")) as string[];

const heapBefore = process.memoryUsage().heapUsed;
let t = performance.now();
const pincodes = preloadPincodeDirectory();
const loadMs = performance.now() - t;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
console.log(`pincode directory: ${pincodes.toLocaleString("en-IN")} pincodes loaded in ${loadMs.toFixed(0)} ms, ${heapMb.toFixed(0)} MiB of heap`);

t = performance.now();
normalizeAddress(addresses[0] ?? "");
console.log(`first call (builds the place-name index): ${(performance.now() - t).toFixed(1)} ms`);

for (let warm = 0; warm < 20; warm++) for (const a of addresses) normalizeAddress(a);

const rounds: number[] = [];
for (let round = 0; round < 5; round++) {
  let n = 0;
  t = performance.now();
  while (performance.now() - t < 400) {
    for (const a of addresses) normalizeAddress(a);
    n += addresses.length;
  }
  rounds.push(n / ((performance.now() - t) / 1000));
}
rounds.sort((a, b) => a - b);
const fmt = (x: number | undefined) => Math.round(x ?? 0).toLocaleString("en-IN");
console.log(`normalizeAddress: ${fmt(rounds[2])} addresses/s (median of 5 rounds over ${addresses.length} addresses; min ${fmt(rounds[0])}, max ${fmt(rounds[4])})`);

const PARTS: Array<keyof Components> = ["house", "building", "street", "locality", "landmark", "city", "district", "state", "pincode"];
const right = new Map<keyof Components, number>(PARTS.map((p) => [p, 0]));
let absent = 0;
let invented = 0;
let exact = 0;
for (const [input, expected] of LABELLED) {
  const got = normalizeAddress(input).components;
  let all = true;
  for (const p of PARTS) {
    const want = expected[p] ?? null;
    if (got[p] === want) right.set(p, (right.get(p) ?? 0) + 1);
    else all = false;
    if (want === null) {
      absent++;
      if (got[p] !== null) invented++;
    }
  }
  if (all) exact++;
}
const share = (x: number, of: number) => (of === 0 ? "-" : (x / of).toFixed(3));
console.log(`\nquality on ${LABELLED.length} labelled addresses (server/addresses/labelled.ts):`);
console.log(`| ${PARTS.join(" | ")} | all parts | invented |`);
console.log(`|${" --- |".repeat(PARTS.length + 2)}`);
console.log(`| ${PARTS.map((p) => share(right.get(p) ?? 0, LABELLED.length)).join(" | ")} | ${share(exact, LABELLED.length)} | ${share(invented, absent)} (${invented}/${absent}) |`);
