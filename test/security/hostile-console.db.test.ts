import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { ANSWER_LIMIT, bodyCases, HEAP_GROWTH_LIMIT, heapAfterGc, type BodyCase } from "./hostile";
import { signIn, useServer } from "../server";
import { startServer } from "./server";

/**
 * Every console tRPC procedure, read from the router (so procedures added later are covered), gets
 * every hostile input as the signed-in owner: a mutation in its body, a query in `?input=` (what fits
 * in a URL). Each answer is a 4xx, bounded in size; a procedure that takes no input may ignore what it
 * is sent, but never answers 5xx and still refuses nesting past 32 levels. A second round of them all
 * leaves the heap no larger than the first did.
 */
interface Procedure {
  path: string;
  type: "query" | "mutation";
  takesInput: boolean;
  fields: string[];
}

const procedures: Procedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation"; inputs: { shape?: Record<string, unknown> }[] } }>,
).map(([path, p]) => ({ path, type: p._def.type, takesInput: p._def.inputs.length > 0, fields: Object.keys(p._def.inputs[0]?.shape ?? {}) }));

/** A query's input travels in the URL, which Node bounds at 16 KiB of headers: larger cases are the REST suite's. */
const URL_ROOM = 12 * 1024;
const nesting = (c: BodyCase) => /deep/.test(c.name);

const requests = procedures.flatMap((procedure) =>
  bodyCases(procedure.fields)
    .filter((c) => procedure.type === "mutation" || (typeof c.body === "string" && encodeURIComponent(c.body).length <= URL_ROOM))
    .map((c) => ({ procedure, c })),
);

const server = useServer(startServer);
let cookie: string;
beforeAll(async () => {
  await unlimitedPlan("hostile_console", 1_000_000, 0);
  cookie = await signIn(server.origin, await newWorkspace("hostile_console"));
});

async function send(procedure: Procedure, c: BodyCase) {
  const url = `${server.origin}/api/trpc/${procedure.path}`;
  const res =
    procedure.type === "query"
      ? await fetch(`${url}?input=${encodeURIComponent(c.body as string)}`, { headers: { cookie } })
      : await fetch(url, { method: "POST", headers: { cookie, "content-type": c.contentType ?? "application/json" }, body: typeof c.body === "string" ? c.body : new Uint8Array(c.body) });
  return { status: res.status, text: await res.text() };
}

it("reads the procedures from the router", () => {
  expect(procedures.length).toBeGreaterThan(40);
  expect(requests.length).toBeGreaterThan(procedures.length * 5);
});

/** Bulk reports are judged one by one (contract: Delivery outcomes): 1000 bad ones are a 200 listing each, in a bounded answer. */
const LISTED_ONE_BY_ONE = new Set(["outcomes.reportBatch 1000-item arrays in every field"]);

describe.each(procedures)("$type $path", (procedure) => {
  it.each(requests.filter((r) => r.procedure === procedure).map((r) => [r.c.name, r.c] as const))("%s", async (name, c) => {
    const r = await send(procedure, c);
    expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
    if (LISTED_ONE_BY_ONE.has(`${procedure.path} ${name}`)) {
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      expect(JSON.parse(r.text).result.data.errors).toHaveLength(1000);
      expect(r.text.length).toBeLessThanOrEqual(1000 * 1024);
      return;
    }
    expect(r.text.length).toBeLessThanOrEqual(ANSWER_LIMIT);
    if (procedure.takesInput || nesting(c)) expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  });
});

it("keeps the heap flat: a second round of every request leaves no more behind than the first", async () => {
  const afterFirst = heapAfterGc();
  for (const { procedure, c } of requests) await send(procedure, c);
  expect(heapAfterGc() - afterFirst).toBeLessThan(HEAP_GROWTH_LIMIT);
  // Its time is that of every request above once more (about a thousand, many of 2 MiB), not a wait.
}, 600_000);
