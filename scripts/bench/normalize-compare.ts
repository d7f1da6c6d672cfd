/**
 * Two normalisers in one process: this checkout's and another's (e.g. a worktree of main), on the
 * bench's 1,000 addresses, or with `--outside` also on the labelled set and every fourth row of the
 * outside sets (read from ../shared, never copied). Batches of 200 addresses alternate between the two,
 * 300 batches each; it prints the CPU µs a call costs at the batches' 10th, 25th and 50th percentiles.
 * On a machine shared with other work the CPU a call costs varies 2–3× from one second to the next;
 * alternating batches in one process is what keeps the two comparable. No assertions.
 *
 *   npx tsx scripts/bench/normalize-compare.ts <other checkout> [--outside]
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Normalize = (text: string) => unknown;
interface Normaliser {
  normalizeAddress: Normalize;
  preloadPincodeDirectory(): number;
}

const other = process.argv[2];
if (!other || !existsSync(join(other, "server", "addresses", "index.ts"))) {
  console.error("usage: npx tsx scripts/bench/normalize-compare.ts <other checkout> [--outside]");
  process.exit(2);
}
const load = async (root: string) => (await import(pathToFileURL(resolve(root, "server", "addresses", "index.ts")).href)) as Normaliser;
const before = await load(other);
const after = await load(process.cwd());
before.preloadPincodeDirectory();
after.preloadPincodeDirectory();

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const addresses = readJson("test/data/addresses-bench.json") as string[];
if (process.argv.includes("--outside")) {
  for (const a of readJson("test/data/addresses-labelled.json") as Array<{ address: string }>) addresses.push(a.address);
  for (const set of ["bank-branches.json", "hospitals.json"]) {
    const rows = readJson(join("..", "shared", "data", "outside", set)) as Array<{ input: string }>;
    for (let k = 0; k < rows.length; k += 4) addresses.push((rows[k] as { input: string }).input);
  }
}

for (let warm = 0; warm < 3; warm++) {
  for (const a of addresses) {
    before.normalizeAddress(a);
    after.normalizeAddress(a);
  }
}
const BATCH = 200;
const BATCHES = 300;
const cost = (normalize: Normalize, from: number): number => {
  const cpu = process.cpuUsage();
  for (let k = 0; k < BATCH; k++) normalize(addresses[(from + k) % addresses.length] as string);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / BATCH;
};
const costs = { before: [] as number[], after: [] as number[] };
for (let b = 0; b < BATCHES; b++) {
  const from = (b * BATCH) % addresses.length;
  // Which goes first alternates too, so neither always runs after the other's garbage.
  if (b % 2 === 0) costs.before.push(cost(before.normalizeAddress, from));
  costs.after.push(cost(after.normalizeAddress, from));
  if (b % 2 === 1) costs.before.push(cost(before.normalizeAddress, from));
}
const at = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * q)] as number;
const quantiles = [0.1, 0.25, 0.5].map((q) => {
  const [b, a] = [at(costs.before, q), at(costs.after, q)];
  return `p${q * 100} ${b.toFixed(1)} → ${a.toFixed(1)} µs (${(b / a).toFixed(2)}×)`;
});
console.log(`normalizeAddress, ${addresses.length} addresses, ${BATCHES} batches of ${BATCH} each, CPU per call, ${other} → this checkout: ${quantiles.join("; ")}`);
