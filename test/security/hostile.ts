import v8 from "node:v8";
import vm from "node:vm";

/**
 * Hostile inputs for every operation: what each is, and the body or value that carries it. The
 * suites (hostile-*.db.test.ts) send each to every REST operation and console procedure and expect a
 * 4xx with a bounded answer, and no growth of the heap once they are done.
 */

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** The heap in use after full collections: what a request left behind, not what it still holds. */
export function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** Largest heap growth allowed over a whole suite: far below one leaked 2 MiB body per request. */
export const HEAP_GROWTH_LIMIT = 32 * 1024 * 1024;
/** Largest answer to a refused request (item 10: a 106 KB request once got a 3.4 MB answer). */
export const ANSWER_LIMIT = 64 * 1024;

const MIB = 1024 * 1024;
/** A string as long as a body can carry: the 2 MiB limit less room for the field's name and the braces. */
export const BIG_STRING = "a".repeat(2 * MIB - 4096);

export interface BodyCase {
  name: string;
  /** The raw body, as bytes when its encoding is the point. */
  body: string | Buffer;
  contentType?: string;
}

const fields = (names: string[], value: unknown) => Object.fromEntries((names.length ? names : ["x"]).map((n) => [n, value]));

/** Bodies for an operation whose input has the named top-level fields. */
export function bodyCases(names: string[]): BodyCase[] {
  const first = names[0] ?? "x";
  return [
    { name: "an array 5000 deep", body: "[".repeat(5000) + "]".repeat(5000) },
    { name: "an object 5000 deep in a field", body: `{"${first}":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}` },
    { name: "objects 33 deep", body: `{"${first}":${'{"a":'.repeat(33)}1${"}".repeat(33)}}` },
    {
      name: "1000-item arrays in every field",
      body: JSON.stringify(
        fields(
          names,
          Array.from({ length: 1000 }, (_, i) => ({ a: `x${i}` })),
        ),
      ),
    },
    { name: "a 1000-item array as the input", body: JSON.stringify(Array.from({ length: 1000 }, () => fields(names, "x"))) },
    { name: "an object of 100,000 keys", body: JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))) },
    ...names.map((n) => ({ name: `a 2 MiB string in ${n}`, body: JSON.stringify({ [n]: BIG_STRING }) })),
    { name: "a string past 2 MiB", body: JSON.stringify({ [first]: "a".repeat(2 * MIB + 1) }) },
    { name: "lone surrogates", body: `{${(names.length ? names : ["x"]).map((n) => `"${n}":"\\ud800x"`).join(",")}}` },
    { name: "NUL in every field and a field name", body: JSON.stringify({ ...fields(names, "a\u0000b"), "k\u0000": 1 }) },
    { name: "overlong UTF-8", body: Buffer.concat([Buffer.from(`{"${first}":"`), Buffer.from([0xc0, 0xae, 0xe0, 0x80, 0xaf]), Buffer.from('"}')]) },
    { name: "a byte-order mark before the JSON", body: `\ufeff${JSON.stringify(fields(names, "x"))}` },
    { name: "UTF-16 declared as its charset", body: Buffer.from(JSON.stringify(fields(names, "x")), "utf16le"), contentType: "application/json; charset=utf-16" },
    { name: "Latin-1 bytes that are not UTF-8", body: Buffer.concat([Buffer.from(`{"${first}":"`), Buffer.from([0xe9, 0xe8, 0xff]), Buffer.from('"}')]) },
  ];
}

/** Values for a query parameter or a path segment (the URL bounds them at Node's 16 KiB of headers). */
export const VALUE_CASES: { name: string; value: string }[] = [
  { name: "12 KiB of text", value: "a".repeat(12 * 1024) },
  { name: "an encoded NUL", value: "%00" },
  { name: "an encoded lone surrogate", value: "%ED%A0%80" },
  { name: "overlong UTF-8", value: "%C0%AE%C0%AE" },
  { name: "a byte-order mark", value: "%EF%BB%BF" },
  { name: "malformed percent-encoding", value: "%E0%A4%ZZ" },
  { name: "JSON 5000 deep", value: encodeURIComponent("[".repeat(2000) + "]".repeat(2000)) },
];
