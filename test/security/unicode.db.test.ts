import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { OpenApiMeta } from "trpc-to-openapi";
import { appRouter } from "../../server/api/root";
import { newWorkspace, unlimitedPlan } from "../helpers";
import { signIn, useProviderSimulator, useServer } from "../server";
import { startServer } from "./server";

/**
 * Text that is not valid Unicode (a lone surrogate) or holds NUL, in any string field of any
 * endpoint, is a 400 `invalid_request` naming the field; never a 500 (PostgreSQL cannot store either).
 * Then generated input: hundreds of malformed bodies to every REST endpoint and every console
 * procedure, none answered 5xx.
 */
// A provider that answers, so a well-formed address gets its verification and only the text can fail.
useProviderSimulator();
const server = useServer(startServer);
let ws: Awaited<ReturnType<typeof newWorkspace>>;
let cookie: string;
beforeAll(async () => {
  await unlimitedPlan("unicode_test", 1_000_000, 0);
  ws = await newWorkspace("unicode_test");
  cookie = await signIn(server.origin, ws);
});

const LONE = ["\ud800", "\udfff", "a\ud83d", "\ude00b", "\u0000", "x\u0000y"];

async function rest(method: string, path: string, body?: string) {
  const res = await fetch(`${server.origin}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ws.live_key}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, json };
}

async function trpc(path: string, type: "query" | "mutation", input: unknown) {
  const encoded = input === undefined ? undefined : JSON.stringify(input);
  const res =
    type === "query"
      ? await fetch(`${server.origin}/api/trpc/${path}${encoded === undefined ? "" : `?input=${encodeURIComponent(encoded)}`}`, { headers: { cookie } })
      : await fetch(`${server.origin}/api/trpc/${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: encoded });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

describe("text that is not valid Unicode or holds NUL", () => {
  it.each(LONE)("in the address of POST /addresses/verify (%j) is a 400 naming the field", async (bad) => {
    const r = await rest("POST", "/addresses/verify", JSON.stringify({ address: `12 MG Road ${bad} Bengaluru 560001`, order_id: "ORD-1" }));
    expect(r.status, r.text).toBe(400);
    expect(r.json.error).toMatchObject({ code: "invalid_request", details: [{ path: "address" }] });
  });

  it("deep in a batch is named by its path", async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => ({ address: `${i + 1} MG Road, Bengaluru 560001`, order_id: `O-${i}` }));
    addresses[3]!.address = "4 MG Road\u0000, Bengaluru 560001";
    addresses[4]!.order_id = "O-\udc00";
    const r = await rest("POST", "/addresses/verify/batch", JSON.stringify({ idempotency_key: "unicode", addresses }));
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.details.map((d: { path: string }) => d.path)).toEqual(["addresses.3.address", "addresses.4.order_id"]);
  });

  it("in a field the schema does not know, or in a field's name, is refused too", async () => {
    const r = await rest("POST", "/outcomes", `{"verification_id":"ver_AAAAAAAAAAAAAAAAAAAA","outcome":"rto","note":"\\ud800","x\\u0000":1}`);
    expect(r.status, r.text).toBe(400);
    expect(r.json.error.details.map((d: { path: string }) => d.path)).toEqual(["note", "x\ufffd"]);
  });

  it("in a console procedure's input, POST or GET, is a 400 naming the field", async () => {
    const query = await trpc("console.findVerifications", "query", { query: "ORD\ud800" });
    expect(query.status, query.text).toBe(400);
    expect(query.json.error.data.api).toMatchObject({ code: "invalid_request", details: [{ path: "query" }] });
    const mutation = await trpc("console.keys.create", "mutation", { kind: "test", name: "k\u0000" });
    expect(mutation.status, mutation.text).toBe(400);
    expect(mutation.json.error.data.api).toMatchObject({ code: "invalid_request", details: [{ path: "name" }] });
  });

  it("in the console download's filter is a 400, not a database error", async () => {
    const res = await fetch(`${server.origin}/batches/bat_AAAAAAAAAAAAAAAAAAAA/download?order_id=A%00B`, { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/invalid_request/);
  });

  it("in a sign-in is a 400 naming the field", async () => {
    const res = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({ email: `${ws.console.email}\u0000`, password: "x\ud800" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_request", details: [{ path: "email" }, { path: "password" }] });
  });
});

// ---- generated input ----

interface Procedure {
  _def: { type: "query" | "mutation" | "subscription"; meta?: OpenApiMeta; inputs?: { shape?: Record<string, unknown> }[] };
}
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
const fieldsOf = (p: Procedure) => Object.keys(p._def.inputs?.[0]?.shape ?? {});
const restOperations = Object.values(procedures)
  .filter((p) => p._def.meta?.openapi)
  .map((p) => ({ method: p._def.meta!.openapi!.method, path: p._def.meta!.openapi!.path, fields: fieldsOf(p) }));
const consoleProcedures = Object.entries(procedures)
  .filter(([, p]) => p._def.type !== "subscription")
  .map(([path, p]) => ({ path, type: p._def.type as "query" | "mutation", fields: fieldsOf(p) }));

/**
 * A well-formed value for every field an input names, so that generated inputs get past the schemas
 * and reach the domain and the database (where a lone surrogate or a NUL used to become a 500).
 */
const GOOD: Record<string, unknown> = {
  address: "12 MG Road, Bengaluru 560001",
  order_id: "ORD-1",
  addresses: [
    { address: "12 MG Road, Bengaluru 560001", order_id: "ORD-1" },
    { address: "B-204, Sector 62, Noida 201309", order_id: "ORD-2" },
  ],
  idempotency_key: "generated",
  lat: 12.9716,
  lng: 77.5946,
  digipin: "39J49LL8T4",
  batch_id: "bat_AAAAAAAAAAAAAAAAAAAA",
  verification_id: "ver_AAAAAAAAAAAAAAAAAAAA",
  outcome: "delivered",
  courier: "Delhivery",
  delivered_at: "2026-11-20T10:00:00Z",
  kind: "test",
  name: "generated",
  key_id: "key_AAAAAAAAAAAAAAAAAAAA",
  email: "someone@example.com",
  role: "viewer",
  user_id: "usr_AAAAAAAAAAAAAAAAAAAA",
  url: "https://example.com/hook",
  webhook_id: "wh_AAAAAAAAAAAAAAAAAAAA",
  enabled: true,
  limit: 10,
  decisions: ["HOLD"],
  statuses: ["succeeded"],
  sort: "row",
  order: "asc",
  cursor: "1.1",
  query: "ORD-1",
};

const bad = fc.constantFrom(...LONE);
/** Text with a lone surrogate or a NUL somewhere in it. */
const spoil = (s: string) => fc.tuple(fc.nat({ max: s.length }), bad).map(([at, b]) => s.slice(0, at) + b + s.slice(at));
const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: "binary", maxLength: 12 }));

/** A value like `good`: kept, spoilt (each string may get bad text), or replaced by anything. */
function like(good: unknown): fc.Arbitrary<unknown> {
  if (typeof good === "string") return fc.oneof({ weight: 1, arbitrary: fc.constant(good) }, { weight: 4, arbitrary: spoil(good) }, { weight: 1, arbitrary: anyText });
  if (Array.isArray(good)) return fc.oneof({ weight: 4, arbitrary: fc.tuple(...good.map(like)) }, { weight: 1, arbitrary: fc.array(anyText, { maxLength: 3 }) });
  if (typeof good === "object" && good !== null) return record(Object.entries(good));
  return fc.oneof({ weight: 3, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: fc.oneof(anyText, fc.double(), fc.constant(null)) });
}

/** An object with the given fields like their good values, each sometimes left out, and sometimes an extra spoilt field. */
function record(fields: [string, unknown][]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.tuple(...fields.map(([name, good]) => fc.option(like(good), { freq: 6, nil: undefined }).map((v) => [name, v] as const))),
      fc.option(fc.tuple(fc.oneof(anyText, spoil("extra")), fc.oneof(anyText, spoil("value"))), { freq: 3, nil: undefined }),
    )
    .map(([entries, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [name, v] of entries) if (v !== undefined) out[name] = v;
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

const inputFor = (fields: string[]) => record(fields.map((f) => [f, GOOD[f] ?? "text"]));
/** The JSON text of an input, sometimes cut short. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: inputFor(fields).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.tuple(inputFor(fields), fc.nat()).map(([v, n]) => JSON.stringify(v).slice(0, n)) },
  );
/** A path parameter as a client might send it: percent-encoded bytes, some not UTF-8 (an encoded surrogate, a NUL). */
const pathParam = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom("%ED%A0%80", "%00", "a%00b", "%C0%AF", "%FF", "bat_%ED%B0%80AAAAAAAAAAAAAAAAAA", "39J49LL8T4", "bat_AAAAAAAAAAAAAAAAAAAA"),
);

describe("generated malformed input", () => {
  it(`never gets a 5xx from any REST endpoint (${restOperations.length} of them)`, { timeout: 600_000 }, async () => {
    for (const op of restOperations) {
      await fc.assert(
        fc.asyncProperty(bodyFor(op.fields), pathParam, async (body, param) => {
          const path = op.path.replace(/\{[^}]+\}/g, param);
          const r = await rest(op.method, path, op.method === "GET" ? undefined : body);
          expect(r.status, `${op.method} ${path} ${JSON.stringify(body)}: ${r.text}`).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
  });

  it(`never gets a 5xx from any console procedure (${consoleProcedures.length} of them)`, { timeout: 600_000 }, async () => {
    for (const proc of consoleProcedures) {
      await fc.assert(
        fc.asyncProperty(inputFor(proc.fields), async (v) => {
          const r = await trpc(proc.path, proc.type, proc.fields.length ? v : undefined);
          expect(r.status, `${proc.path} ${JSON.stringify(v)}: ${r.text}`).toBeLessThan(500);
        }),
        { numRuns: proc.fields.length ? 15 : 3 },
      );
    }
  });
});
