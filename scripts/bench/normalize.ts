/**
 * Throughput of normalizeAddress over 1,000 varied addresses (test/data/addresses-bench.json:
 * metro flats, village addresses, Hyderabad door numbers, sectors, phones, old names, junk).
 * The pincode directory is loaded first and timed on its own. Then the worst case over a set of
 * hostile inputs (text that NFKC grows eighteenfold, long runs that would make a backtracking
 * pattern quadratic), each timed as the median of 21 calls; target under 1 ms each. Then a quality
 * table on the table test's addresses (test/data/addresses-table.ts): per-component accuracy and
 * the share of absent parts that the parser invented; issue 20's figures on the 600-address
 * labelled set are `npm run eval:normalize`. No assertions.
 *
 *   npx tsx scripts/bench/normalize.ts
 */
import { readFileSync } from "node:fs";
import { normalizeAddress, preloadPincodeDirectory, type Components } from "../../server/addresses/index";
import { LABELLED } from "../../test/data/addresses-table";

const addresses = JSON.parse(readFileSync(new URL("../../test/data/addresses-bench.json", import.meta.url), "utf8")) as string[];

/**
 * Start-up (CPU time: on the shared machine wall time mostly counts waits) and RSS growth before issue 30,
 * at commit ae78d20 on the same machine: the targets are these plus 1 s and 60 MiB.
 */
const BEFORE_STARTUP_CPU_MS = 1100;
const BEFORE_RSS_MIB = 114;

const heapBefore = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
let t = performance.now();
const pincodes = preloadPincodeDirectory();
const loadMs = performance.now() - t;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
console.log(`pincode directory: ${pincodes.toLocaleString("en-IN")} pincodes loaded in ${loadMs.toFixed(0)} ms, ${heapMb.toFixed(0)} MiB of heap`);

t = performance.now();
normalizeAddress(addresses[0] ?? "");
const firstMs = performance.now() - t;
console.log(`first call (builds the place-name index): ${firstMs.toFixed(1)} ms`);
const rssMib = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
const startCpu = process.cpuUsage(cpuBefore);
console.log(
  `start-up (directory, towns and place names): ${((startCpu.user + startCpu.system) / 1000).toFixed(0)} ms CPU, ${(loadMs + firstMs).toFixed(0)} ms wall (target ≤ ${BEFORE_STARTUP_CPU_MS + 1000} ms CPU: ${BEFORE_STARTUP_CPU_MS} before issue 30 + 1 s); RSS up ${rssMib.toFixed(0)} MiB (target ≤ ${BEFORE_RSS_MIB + 60} MiB: ${BEFORE_RSS_MIB} before + 60)`,
);

for (let warm = 0; warm < 20; warm++) for (const a of addresses) normalizeAddress(a);

const rounds: number[] = [];
/** Per CPU second of this process too: on a machine shared with other work, wall time counts the waits. */
const cpuRounds: number[] = [];
for (let round = 0; round < 5; round++) {
  let n = 0;
  t = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - t < 400) {
    for (const a of addresses) normalizeAddress(a);
    n += addresses.length;
  }
  rounds.push(n / ((performance.now() - t) / 1000));
  const used = process.cpuUsage(cpu);
  cpuRounds.push(n / ((used.user + used.system) / 1e6));
}
rounds.sort((a, b) => a - b);
cpuRounds.sort((a, b) => a - b);
const fmt = (x: number | undefined) => Math.round(x ?? 0).toLocaleString("en-IN");
console.log(
  `normalizeAddress: ${fmt(rounds[2])} addresses/s (median of 5 rounds over ${addresses.length} addresses; min ${fmt(rounds[0])}, max ${fmt(rounds[4])}); per CPU second ${fmt(cpuRounds[2])} (min ${fmt(cpuRounds[0])}, max ${fmt(cpuRounds[4])}; target ≥ 20,000)`,
);

/**
 * A live verify parses one address after the client, the simulator and PostgreSQL had the cores, which
 * leaves the caches cold: each call here comes after 64 MiB was touched, beside the same calls back to back.
 */
const other = new Float64Array(8 * 1024 * 1024);
const oneCall = (i: number) => {
  const s = performance.now();
  normalizeAddress(addresses[i % addresses.length] as string);
  return (performance.now() - s) * 1000;
};
const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const cold = p50(
  Array.from({ length: 100 }, (_, i) => {
    for (let k = 0; k < other.length; k += 8) other[k] = i;
    return oneCall(i);
  }),
);
const warm = p50(Array.from({ length: 100 }, (_, i) => oneCall(i)));
console.log(`one call after other work (64 MiB touched before each): p50 ${cold.toFixed(0)} µs, against ${warm.toFixed(0)} µs back to back (the same 100 addresses)`);

/** Inputs built to be slow: NFKC expansion (U+FDFA is 18 characters), bracket and marker runs, digit runs, Devanagari without commas. */
const HOSTILE: Array<[string, string]> = [
  ["U+FDFA ×280 (NFKC → 5,040 chars)", "\uFDFA".repeat(280)],
  ["U+FDFA ×278 + (v)", "\uFDFA".repeat(278) + "(v)"],
  ["U+FDFA + ( ×140", "\uFDFA(".repeat(140)],
  ["U+FDFA + space ×138 + (v)", "\uFDFA ".repeat(138) + "(v)"],
  ["138 words + (v)", "a ".repeat(138) + "(v)"],
  ["x ( ×93", "x (".repeat(93)],
  ["(vill) ×46", "(vill)".repeat(46)],
  ["Rampur (V) ×25", "Rampur (V) ".repeat(25)],
  ["1 ×140", "1 ".repeat(140)],
  ["1- ×140", "1-".repeat(140)],
  ["12- ×93", "12-".repeat(93)],
  ["a, ×140", "a,".repeat(140)],
  ["mob ×70", "mob ".repeat(70)],
  ["pin ×70", "pin ".repeat(70)],
  ["S/O ×70", "S/O ".repeat(70)],
  ["Vill ×56", "Vill ".repeat(56)],
  ["Near ×56", "Near ".repeat(56)],
  ["Nagar ×46", "Nagar ".repeat(46)],
  ["Noida ×46", "Noida ".repeat(46)],
  ["Devanagari words ×93", "कख ".repeat(93)],
  ["Devanagari + के पास", "क ".repeat(137) + "के पास"],
  ["Bengali, Tamil, Malayalam words ×93", "কখ ஙச ൻർ ".repeat(31)],
  ["A. ×140", "A.".repeat(140)],
  ["letters ×280", "a".repeat(280)],
  // Directory towns: many-word names, initials and near spellings tried against the whole directory.
  ["Mandi Dabwali ×20", "Mandi Dabwali ".repeat(20)],
  ["S.r. ×93", "S.r. ".repeat(93)],
  ["near spellings ×28", "Hindupurr, ".repeat(28)],
  ["towns, another state's pincode", `${"Hindupur Chalisgaon Tanakpur ".repeat(9)}560038`],
  // Glued names split at every point, near spellings within a district, code page 437's dashes.
  ["glued road and town ×23", "ROADKANDUKUR ".repeat(23)],
  ["unknown names of a town's length ×31", "Kakh Nacha Nr ".repeat(31)],
  ["unknown 40-letter words ×9", `${"QWERTYUIOPASDFGHJKLZXCVBNMQWERTYUIOPASDF ".repeat(9)}`],
  ["near spellings in a district ×20", `${"Giddaluru, ".repeat(20)}Prakasam Dist`],
  ["┬û ×140", "┬û".repeat(140)],
  // A line without commas is read again with a part's end guessed before a road and at its last words (160 characters at most).
  ["no commas, towns before a road ×8", `${"Penukonda Hindupur ".repeat(8)}Station Road`],
  // A mandal's marker cut short, each read against the directory; a town after a locality's words in one part.
  ["mandal short forms ×46", "Darsi M, ".repeat(46)],
  ["locality words before a town ×40", `${"Thota Peta ".repeat(40)}Hindupur`],
];
const hostile = HOSTILE.map(([name, text]) => {
  const times: number[] = [];
  for (let k = 0; k < 21; k++) {
    const s = performance.now();
    normalizeAddress(text);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { name, ms: times[10] as number };
}).sort((a, b) => b.ms - a.ms);
console.log(
  `hostile inputs (${HOSTILE.length}, median of 21 calls each): worst ${hostile[0]?.ms.toFixed(3)} ms (${hostile[0]?.name}; target < 1 ms); next ${hostile
    .slice(1, 4)
    .map((h) => `${h.ms.toFixed(3)} ms (${h.name})`)
    .join(", ")}`,
);

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
console.log(`\nquality on the ${LABELLED.length} addresses of the table test (test/data/addresses-table.ts):`);
console.log(`| ${PARTS.join(" | ")} | all parts | invented |`);
console.log(`|${" --- |".repeat(PARTS.length + 2)}`);
console.log(`| ${PARTS.map((p) => share(right.get(p) ?? 0, LABELLED.length)).join(" | ")} | ${share(exact, LABELLED.length)} | ${share(invented, absent)} (${invented}/${absent}) |`);
