/**
 * `npm run eval:normalize`: the figures of issue 20 on the labelled set
 * (test/data/addresses-labelled.json, built by scripts/labelled/generate.ts), overall and per class,
 * through normalizeAddress — the domain function POST /addresses/normalize returns. Prints a table;
 * asserts nothing. `--failures <figure>` lists the addresses a figure counts against
 * (city, district, city_kept, district_kept, invented, state, pincode).
 */
import { readFileSync } from "node:fs";
import { normalizeAddress, preloadPincodeDirectory, type Components } from "../server/addresses/index";
import type { LabelledAddress } from "./labelled/generate";

const set = JSON.parse(readFileSync(new URL("../test/data/addresses-labelled.json", import.meta.url), "utf8")) as LabelledAddress[];
preloadPincodeDirectory();

/** Letters of every script, lower case, words separated by one space. */
const words = (s: string) =>
  ` ${s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim()} `;
const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : words(a) === words(b));
/** The cleaned text keeps a place when one of its accepted forms is there as whole words. */
const keeps = (text: string, forms: string[]) => forms.some((f) => words(text).includes(words(f)));

interface Tally {
  n: number;
  city: number;
  district: number;
  cityNamed: number;
  cityLost: number;
  districtNamed: number;
  districtLost: number;
  absent: number;
  invented: number;
  state: number;
  pincode: number;
  noPinNamed: number;
  noPinState: number;
}
const empty = (): Tally => ({
  n: 0,
  city: 0,
  district: 0,
  cityNamed: 0,
  cityLost: 0,
  districtNamed: 0,
  districtLost: 0,
  absent: 0,
  invented: 0,
  state: 0,
  pincode: 0,
  noPinNamed: 0,
  noPinState: 0,
});
const tallies = new Map<string, Tally>([["all", empty()]]);
const failures = new Map<string, string[]>();
const wanted = process.argv.indexOf("--failures") >= 0 ? process.argv[process.argv.indexOf("--failures") + 1] : undefined;
const fail = (figure: string, a: LabelledAddress, got: string) => {
  if (figure === wanted) (failures.get(figure) ?? failures.set(figure, []).get(figure))?.push(`${a.id} ${JSON.stringify(a.address)}\n    ${got}`);
};

const PARTS = ["house", "building", "street", "locality", "landmark"] as const;
for (const a of set) {
  const r = normalizeAddress(a.address);
  const c: Components = r.components;
  const e = a.expected;
  const cityRight = same(c.city, e.city) || (e.city_also ?? []).some((x) => same(c.city, x));
  const districtRight = same(c.district, e.district);
  const cityLost = a.written.city !== null && !keeps(r.normalized, a.written.city);
  const districtLost = a.written.district !== null && !keeps(r.normalized, a.written.district);
  let absent = 0;
  let invented = 0;
  for (const p of PARTS) {
    if (e.has[p]) continue;
    absent++;
    if (c[p] !== null) invented++;
  }
  for (const [p, want] of [
    ["city", e.city],
    ["district", e.district],
    ["state", e.state],
    ["pincode", e.pincode],
  ] as const) {
    if (want !== null) continue;
    absent++;
    if (c[p] !== null) invented++;
  }
  const got = `→ ${JSON.stringify(r.normalized)} city=${c.city} district=${c.district} state=${c.state} (want ${e.city} / ${e.district} / ${e.state})`;
  if (!cityRight) fail("city", a, got);
  if (!districtRight) fail("district", a, got);
  if (cityLost) fail("city_kept", a, got);
  if (districtLost) fail("district_kept", a, got);
  if (invented > 0) fail("invented", a, `${got} ${JSON.stringify(c)}`);
  if (!same(c.state, e.state)) fail("state", a, got);
  if (!same(c.pincode, e.pincode)) fail("pincode", a, got);
  for (const cls of ["all", a.classes[0] as string, ...a.classes.slice(1)]) {
    let t = tallies.get(cls);
    if (!t) tallies.set(cls, (t = empty()));
    t.n++;
    t.city += cityRight ? 1 : 0;
    t.district += districtRight ? 1 : 0;
    t.cityNamed += a.written.city !== null ? 1 : 0;
    t.cityLost += cityLost ? 1 : 0;
    t.districtNamed += a.written.district !== null ? 1 : 0;
    t.districtLost += districtLost ? 1 : 0;
    t.absent += absent;
    t.invented += invented;
    t.state += same(c.state, e.state) ? 1 : 0;
    t.pincode += same(c.pincode, e.pincode) ? 1 : 0;
    if (e.pincode === null && e.state !== null) {
      t.noPinNamed++;
      t.noPinState += same(c.state, e.state) ? 1 : 0;
    }
  }
}

const ratio = (x: number, of: number) => (of === 0 ? "-" : (x / of).toFixed(3));
const pct = (x: number, of: number) => (of === 0 ? "-" : `${((100 * x) / of).toFixed(1)} % (${x}/${of})`);
console.log(`labelled set: ${set.length} addresses (test/data/addresses-labelled.json)\n`);
console.log(
  "| class | n | city right | district right | city named, dropped or swapped | district named, dropped or replaced | invented parts | pincode | state | no pincode: state right |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
const order = ["all", "metro", "city", "town", "village", "no_pincode"];
const classes = [...order.filter((c) => tallies.has(c)), ...[...tallies.keys()].filter((c) => !order.includes(c)).sort()];
for (const cls of classes) {
  const t = tallies.get(cls) as Tally;
  console.log(
    `| ${cls} | ${t.n} | ${ratio(t.city, t.n)} | ${ratio(t.district, t.n)} | ${pct(t.cityLost, t.cityNamed)} | ${pct(t.districtLost, t.districtNamed)} | ${ratio(t.invented, t.absent)} | ${ratio(t.pincode, t.n)} | ${ratio(t.state, t.n)} | ${pct(t.noPinState, t.noPinNamed)} |`,
  );
}
console.log("\ntargets: city ≥ 0.92, district ≥ 0.95, city dropped ≤ 0.5 %, district dropped ≤ 1 %, invented ≤ 0.03, pincode and state 1.000, no pincode state ≥ 95 %");
if (wanted) for (const line of failures.get(wanted) ?? []) console.log(line);
