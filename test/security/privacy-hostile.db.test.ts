import { runInNewContext } from "node:vm";
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { startApiServer, useServer } from "../server";
import { useWorkspace } from "../helpers";

/**
 * Hostile input on every privacy procedure (docs/privacy.md, docs/operations.md): deep nesting,
 * 1000-item arrays, strings of 2 MiB, and odd encodings each get a 4xx in the contract's error body,
 * never a 500, and answering them over and over leaves the heap flat.
 */
const server = useServer(startApiServer);
const ws = useWorkspace();

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const MIB = 1024 * 1024;
/** Bytes that are not UTF-8 are refused with 400 before any field is read (server/http/limits.ts). */
const NOT_UTF8 = "bytes that are not UTF-8";
const nested = (depth: number, leaf: string) => "[".repeat(depth) + leaf + "]".repeat(depth);

/** Bodies as raw bytes, so odd encodings reach the server as sent. */
function bodies(field: string): [string, string | Buffer][] {
  return [
    ["nesting 40 deep", `{"${field}": ${nested(40, "1")}}`],
    ["nesting 100,000 deep", `{"${field}": ${nested(100_000, "1")}}`],
    ["objects nested 10,000 deep", `{"${field}": ${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`],
    ["a 1000-item array", JSON.stringify({ [field]: Array.from({ length: 1000 }, (_, i) => i) })],
    ["1000 fields", JSON.stringify(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, "x"])))],
    ["a string just under 2 MiB", JSON.stringify({ [field]: "x".repeat(2 * MIB - 64) })],
    ["a lone surrogate", `{"${field}": "ORD-\\ud800"}`],
    ["NUL", `{"${field}": "ORD-\\u0000"}`],
    [NOT_UTF8, Buffer.concat([Buffer.from(`{"${field}": "ORD-`), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])],
    ["UTF-16", Buffer.from(`{"${field}": "ORD-1"}`, "utf16le")],
    ["not JSON", `{"${field}": `],
    ["JSON of another type", "[1, 2, 3]"],
  ];
}

/** A parameter the list does not take, however it is spelt, is ignored (200); the others are refused. */
const IGNORED = "an unknown parameter, bracket-nested 200 deep";
const QUERIES: [string, string][] = [
  ["a 1000-item array", Array.from({ length: 1000 }, () => "limit=1").join("&")],
  [IGNORED, `cursor${"[a]".repeat(200)}=1`],
  ["bad percent-encoding", "cursor=%ZZ%C0%AF"],
  ["an encoded NUL", "cursor=era_%00"],
  ["a lone surrogate, encoded", "cursor=%ED%A0%80"],
  ["a long cursor", `cursor=${"x".repeat(6000)}`],
];

async function send(method: string, path: string, body?: string | Buffer) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ws.live_key}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: typeof body === "string" || body === undefined ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

function expectRefused(r: { status: number; text: string }, name: string) {
  expect(r.status, `${name}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${name}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
  expect(JSON.parse(r.text)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) }, request_id: expect.stringMatching(/^req_/) });
}

const CASES = [
  { method: "PUT", path: "/privacy/settings", field: "retention_days" },
  { method: "POST", path: "/privacy/erasures", field: "order_id" },
  { method: "POST", path: "/privacy/erasures", field: "verification_id" },
] as const;

async function everything(): Promise<void> {
  for (const c of CASES) {
    for (const [name, body] of bodies(c.field)) {
      const r = await send(c.method, c.path, body);
      expectRefused(r, `${c.method} ${c.path} ${name}`);
    }
  }
  for (const [name, q] of QUERIES) {
    const r = await send("GET", `/privacy/erasures?${q}`);
    if (name === IGNORED) expect(r.status).toBe(200);
    else expectRefused(r, `GET /privacy/erasures ${name}`);
  }
  // The settings take no input: a query string is ignored, whatever it holds.
  for (const [, q] of QUERIES) expect((await send("GET", `/privacy/settings?${q}`)).status).toBe(200);
  // A body over 2 MiB is refused before it is read.
  expectRefused(await send("POST", "/privacy/erasures", JSON.stringify({ order_id: "x".repeat(2 * MIB + 10) })), "over 2 MiB");
}

describe("hostile input on the privacy procedures", () => {
  it("is a 4xx with the error body every time, and the heap stays flat", { timeout: 240_000 }, async () => {
    await everything();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 5; i++) await everything();
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Five rounds of ~50 hostile requests (about 25 MiB of bodies each round) may leave caches, not bodies.
    expect(grown).toBeLessThan(8 * MIB);
  });
});
