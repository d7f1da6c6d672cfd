import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { ANSWER_LIMIT, bodyCases, HEAP_GROWTH_LIMIT, heapAfterGc, VALUE_CASES, type BodyCase } from "./hostile";
import { useServer } from "../server";
import { startServer } from "./server";

/**
 * Every REST operation, read from the OpenAPI document (so operations added later are covered), gets
 * every hostile input: nesting past 32 levels, 1000-item arrays, 2 MiB strings, odd encodings in the
 * body, the query and the path. Each answer is a 4xx in the contract's error body, bounded in size,
 * and a second round of them all leaves the heap no larger
 * than the first did (what loads or caches on first use is in place by then).
 */
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
}

type Schema = { $ref?: string; properties?: Record<string, unknown> };
const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};
const resolve = (s: Schema): Schema => (s.$ref ? (doc.components?.schemas?.[s.$ref.split("/").pop()!] ?? {}) : s);

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const schema = op.requestBody?.content["application/json"]?.schema;
    return {
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      bodyFields: schema ? Object.keys(resolve(schema).properties ?? {}) : null,
    };
  }),
);

const server = useServer(startServer);
let key: string;
beforeAll(async () => {
  await unlimitedPlan("hostile_rest", 1_000_000, 0);
  key = (await newWorkspace("hostile_rest")).live_key;
});

const fill = (op: Operation, value: string) => op.path.replace(/\{[^}]+\}/g, value);

async function send(op: Operation, pathValue: string, body: BodyCase | null, query = "") {
  const res = await fetch(`${server.origin}/api/v1${fill(op, pathValue)}${query}`, {
    method: op.method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": body.contentType ?? "application/json" } : {}) },
    body: typeof body?.body === "string" ? body.body : body && new Uint8Array(body.body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

function expectRefused(r: { status: number; text: string }) {
  expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
  expect(r.text.length).toBeLessThanOrEqual(ANSWER_LIMIT);
  expect(JSON.parse(r.text)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) }, request_id: expect.stringMatching(/^req_/) });
}

it("reads the operations from the OpenAPI document", () => {
  expect(operations.length).toBeGreaterThanOrEqual(15);
  expect(operations.filter((o) => o.bodyFields).length).toBeGreaterThanOrEqual(7);
});

/** Every hostile request of this suite: an operation's body, path and query cases. */
const requests: { name: string; op: Operation; path: string; body: BodyCase | null; query: string }[] = operations.flatMap((op) => [
  ...(op.bodyFields ? bodyCases(op.bodyFields).map((c) => ({ name: `its body: ${c.name}`, op, path: "x", body: c, query: "" })) : []),
  ...(op.pathParams.length ? VALUE_CASES.map((c) => ({ name: `its path: ${c.name}`, op, path: c.value, body: op.bodyFields ? { name: "empty", body: "{}" } : null, query: "" })) : []),
  ...(op.queryParams.length
    ? [
        ...VALUE_CASES.map((c) => ({ name: `its query: ${c.name}`, op, path: "x", body: null, query: `?${op.queryParams.map((p) => `${p}=${c.value}`).join("&")}` })),
        { name: "its query: a parameter 1000 times", op, path: "x", body: null, query: `?${Array.from({ length: 1000 }, () => `${op.queryParams[0]}=2026-11-01`).join("&")}` },
      ]
    : []),
]);

/**
 * Bulk reports are judged one by one (contract: Delivery outcomes): a well-formed request of 1000 bad
 * reports is a 200 that lists each, recording none, in a bounded answer.
 */
const LISTED_ONE_BY_ONE = new Set(["POST /outcomes/batch its body: 1000-item arrays in every field"]);

function expectEachListed(r: { status: number; text: string }) {
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  const body = JSON.parse(r.text);
  expect(body).toMatchObject({ recorded: 0, duplicates: 0 });
  expect(body.errors).toHaveLength(1000);
  expect(r.text.length).toBeLessThanOrEqual(1000 * 1024);
}

// An operation without a body, path or query parameter has nothing hostile to carry.
describe.each(operations.filter((op) => requests.some((r) => r.op === op)))("$method $path", (op) => {
  it.each(requests.filter((r) => r.op === op).map((r) => [r.name, r] as const))("%s is a 4xx", async (name, r) => {
    const answer = await send(r.op, r.path, r.body, r.query);
    if (LISTED_ONE_BY_ONE.has(`${op.method} ${op.path} ${name}`)) expectEachListed(answer);
    else expectRefused(answer);
  });
});

it("keeps the heap flat: a second round of every request leaves no more behind than the first", async () => {
  const afterFirst = heapAfterGc();
  for (const r of requests) await send(r.op, r.path, r.body, r.query);
  expect(heapAfterGc() - afterFirst).toBeLessThan(HEAP_GROWTH_LIMIT);
  // Its time is that of every request above once more (about a thousand, many of 2 MiB), not a wait.
}, 600_000);
