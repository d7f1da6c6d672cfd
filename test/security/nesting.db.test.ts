import { beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../../server/api/text";
import { useWorkspace } from "../helpers";
import { signIn, useServer } from "../server";
import { startServer } from "./server";

/**
 * Input nested deeper than the contract's 32 levels is a 400 before anything walks it, on every way
 * in: REST bodies, the console's tRPC bodies and `?input=`, sign-in bodies. A 5000-deep array was a
 * RangeError (500) on verify, normalize and encode; a 10 KB nested body cost 190 ms of CPU.
 */
const server = useServer(startServer);
const ws = useWorkspace("starter");
let cookie: string;
beforeAll(async () => {
  cookie = await signIn(server.origin, ws);
});

const deepArray = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: res.status, body: await res.json() };
}

const expectNestingRefused = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
  expect(JSON.stringify(r.body)).toMatch(/nested more than 32 levels/);
};

describe("REST", () => {
  const key = () => ({ authorization: `Bearer ${ws.test_key}` });
  it.each(["/addresses/verify", "/addresses/normalize", "/digipin/encode"])("%s refuses a 5000-deep array with 400, not a 500", async (path) => {
    expectNestingRefused(await post(`/api/v1${path}`, deepArray(5000), key()));
  });

  it("refuses a deep value inside an ordinary field", async () => {
    const body = `{"address":${deepObject(200)}}`;
    expectNestingRefused(await post("/api/v1/addresses/normalize", body, key()));
  });

  it("takes input exactly 32 levels deep to the schema, which names the problem", async () => {
    const r = await post("/api/v1/addresses/normalize", `{"address":${deepArray(MAX_NESTING - 1)}}`, key());
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toMatch(/nested more than/);
    expect(r.body.error.details[0].path).toBe("address");
  });

  it("does not count brackets inside strings", async () => {
    const r = await post("/api/v1/addresses/normalize", JSON.stringify({ address: `12 MG Road ${"[{".repeat(100)} Bengaluru 560001` }), key());
    expect(r.status).not.toBe(400);
  });
});

describe("the console's tRPC endpoint", () => {
  it("refuses a deep body in a batch and in a single call", async () => {
    expectNestingRefused(await post("/api/trpc/console.keys.list?batch=1", `{"0":${deepArray(5000)}}`, { cookie }));
    expectNestingRefused(await post("/api/trpc/addresses.normalize", deepArray(5000), { cookie }));
  });

  it("refuses a deep ?input= on a query", async () => {
    const res = await fetch(`${server.origin}/api/trpc/console.keys.list?input=${encodeURIComponent(deepObject(100))}`, { headers: { cookie } });
    expectNestingRefused({ status: res.status, body: await res.json() });
  });
});

describe("sign-in", () => {
  it("refuses a deep body before better-auth reads it", async () => {
    expectNestingRefused(await post("/api/auth/sign-in/email", `{"email":${deepArray(5000)},"password":"x"}`, { origin: server.origin }));
  });
});
