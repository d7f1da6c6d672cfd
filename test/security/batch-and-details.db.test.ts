import { beforeAll, describe, expect, it } from "vitest";
import { MAX_DETAILS, MAX_MESSAGE } from "../../server/api/errors";
import { TRPC_MAX_BATCH } from "../../server/http/console";
import { useWorkspace } from "../helpers";
import { signIn, useServer } from "../server";
import { startServer } from "./server";

/**
 * The console's batch cap counts calls as tRPC splits them, after its own second decoding of the path
 * (a double-encoded comma carried 400–500 calls in one request), and an error answer is bounded
 * whatever the input (a 106 KB request got a 3.4 MB answer): at most 100 details, every text cut.
 */
const server = useServer(startServer);
const ws = useWorkspace("starter");
let cookie: string;
beforeAll(async () => {
  cookie = await signIn(server.origin, ws);
});

async function trpc(path: string, init: { cookie?: string } = {}) {
  const res = await fetch(`${server.origin}/api/trpc/${path}`, { headers: init.cookie ? { cookie: init.cookie } : {} });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

describe("the console's batch cap", () => {
  const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));

  it.each([
    ["a double-encoded comma", "%252C"],
    ["a double-encoded comma in capitals and lower case", "%252c"],
  ])("counts calls joined by %s", async (_name, comma) => {
    const path = Array.from({ length: 50 }, () => "console.me").join(comma);
    const r = await trpc(`${path}?batch=1&input=${input(50)}`, { cookie });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "invalid_request", message: expect.stringContaining(`at most ${TRPC_MAX_BATCH} calls; this one has 50`) });
  });

  it("refuses the bypass signed out too, before any procedure runs", async () => {
    const path = Array.from({ length: 400 }, () => "confirmations.link.view").join("%252C");
    const r = await trpc(`${path}?batch=1`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_request");
    expect(r.text).not.toMatch(/confirmation_not_found/);
  });

  it("still answers ten double-encoded calls, as tRPC reads them", async () => {
    const path = Array.from({ length: TRPC_MAX_BATCH }, () => "console.me").join("%252C");
    const r = await trpc(`${path}?batch=1&input=${input(TRPC_MAX_BATCH)}`, { cookie });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(TRPC_MAX_BATCH);
  });

  it("answers a path that is not valid percent-encoding after tRPC's decoding with 400, not 500", async () => {
    const r = await trpc("console.me%25ZZ", { cookie });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_request");
  });
});

describe("bounded error answers", () => {
  async function post(path: string, body: string, key: string) {
    const res = await fetch(`${server.origin}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body });
    const text = await res.text();
    return { status: res.status, size: text.length, body: JSON.parse(text) };
  }

  it("names at most the first 100 schema failures", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ address: "x", order_id: `o${i}` }));
    const r = await post("/addresses/verify/batch", JSON.stringify({ addresses: rows }), ws.live_key);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toHaveLength(MAX_DETAILS);
    expect(r.body.error.details[0].path).toBe("addresses.0.address");
    expect(r.body.error.details[99].path).toBe("addresses.99.address");
  });

  it("cuts a field name quoted in the message and its detail", async () => {
    const name = `${"k".repeat(100_000)}\u0000`;
    const r = await post("/addresses/normalize", JSON.stringify({ [name]: "x" }), ws.test_key);
    expect(r.status).toBe(400);
    expect(r.body.error.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(r.body.error.details[0].path.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(r.body.error.details[0].message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(r.size).toBeLessThan(4 * MAX_MESSAGE);
  });
});
