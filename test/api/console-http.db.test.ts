import { beforeAll, describe, expect, it } from "vitest";
import { signIn, startApiServer, useServer } from "../server";
import { newWorkspace, useWorkspace } from "../helpers";
import { setClock } from "../../server/clock";

/**
 * The console's side of the server over HTTP: sign-in through better-auth's mount, the tRPC endpoint
 * with the session cookie (its batch cap, cross-site refusal and errors), and the CSV download URL.
 */
const server = useServer(startApiServer);
const ws = useWorkspace("starter");
let cookie: string;
beforeAll(async () => {
  cookie = await signIn(server.origin, ws);
});

function trpc(path: string, init: { cookie?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${server.origin}/api/trpc/${path}`, {
    method: init.method ?? "GET",
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

describe("console endpoints", () => {
  it("signs in through better-auth and answers tRPC calls as the member, with a request id", async () => {
    const res = await trpc("console.me", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const body = await res.json();
    expect(body.result.data).toMatchObject({ email: ws.console.email, role: "owner", workspace: { id: ws.workspace_id } });
  });

  it("answers a signed-out call with 401 and the contract's code", async () => {
    const res = await trpc("console.me");
    expect(res.status).toBe(401);
    expect((await res.json()).error.data.api.code).toBe("unauthenticated");
  });

  it("takes at most 10 calls in one batch", async () => {
    const calls = (n: number) => Array.from({ length: n }, () => "console.me").join(",");
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    const ten = await trpc(`${calls(10)}?batch=1&input=${input(10)}`, { cookie });
    expect(ten.status).toBe(200);
    expect(await ten.json()).toHaveLength(10);
    const eleven = await trpc(`${calls(11)}?batch=1&input=${input(11)}`, { cookie });
    expect(eleven.status).toBe(400);
    expect((await eleven.json()).error.code).toBe("invalid_request");
  });

  it("refuses cross-site writes", async () => {
    const res = await trpc("console.keys.create", { cookie, method: "POST", body: { kind: "test" }, headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
  });

  it("serves the batch download URL to the member, as text errors for a browser", async () => {
    const res = await fetch(`${server.origin}/batches/bat_AAAAAAAAAAAAAAAAAAAA/download`, { headers: { cookie } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/batch_not_found/);
    const signedOut = await fetch(`${server.origin}/batches/bat_AAAAAAAAAAAAAAAAAAAA/download`);
    expect(signedOut.status).toBe(401);
  });

  it("throttles sign-in per account through the server: X-Forwarded-For does not buy more guesses", async () => {
    const target = await newWorkspace("starter");
    const statuses: number[] = [];
    // The one clock, pinned: the account's count is per clock minute, and a minute ending mid-test would start a new count.
    setClock(new Date());
    try {
      for (let i = 0; i < 11; i++) {
        const res = await fetch(`${server.origin}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": `203.0.113.${i + 1}` },
          body: JSON.stringify({ email: target.console.email, password: `wrong-password-${i}` }),
        });
        statuses.push(res.status);
      }
    } finally {
      setClock(null);
    }
    // Ten tries a minute per account and per client address (the socket's: 127.0.0.1 here, which also
    // signed in once above), whatever X-Forwarded-For says.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
