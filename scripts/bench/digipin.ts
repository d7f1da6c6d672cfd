/**
 * DIGIPIN throughput on one core: `npx tsx scripts/bench/digipin.ts`.
 * Prints figures only. Inputs are precomputed so the loops measure the codec,
 * and every result feeds a sink so the JIT cannot drop the work.
 */
import { decodeDigipin, encodeDigipin } from "../../server/digipin/index";

const REFERENCE = { encode: 5_000_000, decode: 1_800_000 }; // India Post's src/digipin.js, measured here
const TARGET = { encode: 6_000_000, decode: 3_000_000 };
const INPUTS = 1 << 16; // power of two so the index wraps with a mask
const ITERATIONS = 5_000_000;
const WARMUP = 1_000_000;
const RUNS = 3;

const lats = new Float64Array(INPUTS);
const lngs = new Float64Array(INPUTS);
for (let i = 0; i < INPUTS; i++) {
  lats[i] = 2.5 + 36 * Math.random();
  lngs[i] = 63.5 + 36 * Math.random();
}
const canonical = Array.from({ length: INPUTS }, (_, i) => encodeDigipin(lats[i]!, lngs[i]!));
const hyphenated = canonical.map((c) => `${c.slice(0, 3)}-${c.slice(3, 6)}-${c.slice(6)}`);

let sink = 0;

function encodeLoop(n: number): void {
  for (let i = 0; i < n; i++) {
    const j = i & (INPUTS - 1);
    sink += encodeDigipin(lats[j]!, lngs[j]!).charCodeAt(9);
  }
}

function decodeLoop(codes: string[], n: number): void {
  for (let i = 0; i < n; i++) {
    const d = decodeDigipin(codes[i & (INPUTS - 1)]!);
    sink += d.center.lat + d.bbox.max_lng + d.digipin.length;
  }
}

/** Best of RUNS timed runs after a warm-up, in operations per second. */
function measure(loop: (n: number) => void): number {
  loop(WARMUP);
  let best = 0;
  for (let r = 0; r < RUNS; r++) {
    const start = process.hrtime.bigint();
    loop(ITERATIONS);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    best = Math.max(best, ITERATIONS / seconds);
  }
  return best;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(12);
const rows: [string, number, number, number][] = [
  ["encode", measure(encodeLoop), REFERENCE.encode, TARGET.encode],
  ["decode (canonical)", measure((n) => decodeLoop(canonical, n)), REFERENCE.decode, TARGET.decode],
  ["decode (hyphenated)", measure((n) => decodeLoop(hyphenated, n)), REFERENCE.decode, TARGET.decode],
];

console.log(`node ${process.version}, ${ITERATIONS.toLocaleString("en-US")} ops per run, best of ${RUNS}`);
console.log(`${"".padEnd(20)} ${"ops/s".padStart(12)} ${"reference".padStart(12)} ${"target".padStart(12)}  vs reference`);
for (const [name, ours, reference, target] of rows) {
  console.log(`${name.padEnd(20)} ${fmt(ours)} ${fmt(reference)} ${fmt(target)}  ×${(ours / reference).toFixed(1)}`);
}
console.log(`(sink ${sink.toPrecision(6)})`);
