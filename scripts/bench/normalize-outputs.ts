/**
 * Every output of a normaliser over about 219,000 inputs, to show a change to it leaves them byte-identical: the
 * bench set, the labelled set, both outside sets (read from ../shared, never copied), every directory town
 * written as the coverage test writes it ("Main Road, <town>", and after it four far pincodes), every post office
 * after a landmark, and the first 6,000 of the sets upper-cased, lower-cased, without their pincode, with
 * another state's pincode and with a vowel doubled. Each line holds the input, normalizeAddress's result, its
 * suggested pincodes and the normalized line normalized again. Prints the count of inputs and the SHA-256 of
 * the lines; compare two checkouts by their hashes, and `diff` the files when they differ.
 *
 *   npx tsx scripts/bench/normalize-outputs.ts <out.jsonl> [<checkout whose normaliser runs; default this one>]
 */
import { createHash } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

interface Normaliser {
  normalizeAddress(text: string): { normalized: string };
  suggestPincodes(address: unknown): unknown;
  preloadPincodeDirectory(): number;
}
interface Directory {
  directoryTowns(): ReadonlyMap<string, { name: string }>;
  officeNames(): IterableIterator<[string, unknown]>;
}

const out = process.argv[2];
if (!out) {
  console.error("usage: npx tsx scripts/bench/normalize-outputs.ts <out.jsonl> [<checkout>]");
  process.exit(2);
}
const root = resolve(process.argv[3] ?? ".");
const load = async <T>(file: string) => (await import(pathToFileURL(join(root, "server", "addresses", file)).href)) as T;
const normaliser = await load<Normaliser>("index.ts");
const directory = await load<Directory>("pincodes.ts");
normaliser.preloadPincodeDirectory();

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const sets = readJson("test/data/addresses-bench.json") as string[];
for (const a of readJson("test/data/addresses-labelled.json") as Array<{ address: string }>) sets.push(a.address);
for (const set of ["bank-branches.json", "hospitals.json"]) {
  for (const row of readJson(join("..", "shared", "data", "outside", set)) as Array<{ input: string }>) sets.push(row.input);
}
const inputs = [...sets];
for (const town of directory.directoryTowns().values()) {
  inputs.push(`Main Road, ${town.name}`);
  for (const far of ["560001", "110001", "700001", "781001"]) inputs.push(`${town.name} ${far}`);
}
for (const [name] of directory.officeNames()) inputs.push(`Near Bus Stand, ${name}`);
for (const a of sets.slice(0, 6000)) {
  const pincode = /\b\d{6}\b/g;
  inputs.push(a.toUpperCase(), a.toLowerCase(), a.replace(pincode, ""), a.replace(pincode, "400001"), a.replace(/([aeiou])/i, "$1$1"));
}

const file = createWriteStream(out);
const hash = createHash("sha256");
for (const text of inputs) {
  const result = normaliser.normalizeAddress(text);
  const line = `${JSON.stringify([text, result, normaliser.suggestPincodes(result), normaliser.normalizeAddress(result.normalized)])}\n`;
  hash.update(line);
  file.write(line);
}
file.end();
console.log(`${inputs.length} inputs, sha256 ${hash.digest("hex")}`);
