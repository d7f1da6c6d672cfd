/**
 * Throughput of normalizeAddress over 1,000 varied addresses (test/data/addresses-bench.json:
 * metro flats, village addresses, Hyderabad door numbers, sectors, phones, old names, junk).
 * The pincode directory is loaded first and timed on its own. No assertions.
 *
 *   npx tsx scripts/bench/normalize.ts
 */
import { readFileSync } from "node:fs";
import { normalizeAddress, preloadPincodeDirectory } from "../../server/addresses/index";

const addresses = JSON.parse(readFileSync(new URL("../../test/data/addresses-bench.json", import.meta.url), "utf8")) as string[];

let t = performance.now();
const pincodes = preloadPincodeDirectory();
console.log(`pincode directory: ${pincodes.toLocaleString("en-IN")} pincodes loaded in ${(performance.now() - t).toFixed(0)} ms`);

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
