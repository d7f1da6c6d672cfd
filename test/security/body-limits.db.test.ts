import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, TIMEOUTS } from "../../server/http/limits";
import { useWorkspace } from "../helpers";
import { signIn, useServer } from "../server";
import { viaFetch, viaHttp, type Answer } from "./clients";
import { startServer } from "./server";

/**
 * One body limit on every path, streamed or with a length: REST, the console's tRPC endpoint,
 * better-auth and the console's download (Inngest's, mounted only with Inngest: startup.db.test.ts). tRPC takes JSON only. The server's timeouts.
 */
const server = useServer(startServer);
const ws = useWorkspace("starter");
let cookie: string;
beforeAll(async () => {
  cookie = await signIn(server.origin, ws);
});

const THREE_MIB = 3 * 1024 * 1024;

function expectTooLarge(r: Answer) {
  expect(r.status, r.text).toBe(413);
  expect(r.json).toMatchObject({ error: { code: "payload_too_large" }, request_id: expect.stringMatching(/^req_/) });
}

const routes = (): { name: string; path: string; headers: Record<string, string> }[] => [
  { name: "REST", path: "/api/v1/addresses/verify/batch", headers: { authorization: `Bearer ${ws.live_key}` } },
  { name: "tRPC", path: "/api/trpc/console.keys.create", headers: { cookie } },
  { name: "better-auth", path: "/api/auth/sign-in/email", headers: { origin: server.origin } },
];

describe("a body over 2 MiB", () => {
  it("is refused with 413 on every path when it is streamed (no Content-Length), counted as it arrives", async () => {
    for (const route of routes()) {
      const r = await viaHttp({ origin: server.origin, path: route.path, headers: route.headers, size: THREE_MIB });
      expectTooLarge(r);
    }
  });

  it("is refused with 413 on every path when its Content-Length says so", async () => {
    for (const route of routes()) expectTooLarge(await viaHttp({ origin: server.origin, path: route.path, headers: route.headers, size: THREE_MIB, withLength: true }));
    expectTooLarge(await viaHttp({ origin: server.origin, method: "GET", path: "/batches/bat_AAAAAAAAAAAAAAAAAAAA/download", headers: { cookie }, size: THREE_MIB, withLength: true }));
    expectTooLarge(await viaHttp({ origin: server.origin, path: "/api/nothing-here", size: THREE_MIB, withLength: true }));
  });

  it("is never read where no route reads bodies: the answer comes, the body is thrown away", async () => {
    const download = await viaHttp({ origin: server.origin, method: "GET", path: "/batches/bat_AAAAAAAAAAAAAAAAAAAA/download", headers: { cookie }, size: THREE_MIB });
    // (Node's parser itself refuses a chunked GET as malformed HTTP; either way the client reads why.)
    expect([400, 404], download.text).toContain(download.status);
    const unknown = await viaHttp({ origin: server.origin, path: "/api/nothing-here", size: THREE_MIB });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("not_found");
  });

  it("is refused by better-auth's mount through fetch too, with the body streamed", async () => {
    expectTooLarge(await viaFetch({ origin: server.origin, path: "/api/auth/sign-in/email", headers: { origin: server.origin }, size: THREE_MIB }));
  });

  it("of exactly the limit still reaches the route (the limit is 2 MiB, not less)", async () => {
    const r = await viaHttp({ origin: server.origin, path: "/api/auth/sign-in/email", headers: { origin: server.origin }, size: BODY_LIMIT, withLength: true });
    expect(r.status).not.toBe(413);
    expect(r.status).toBeLessThan(500);
  });
});

describe("/api/inngest without Inngest configured", () => {
  it("is an unknown path: 404 not_found in the contract's body to any method, never the SDK's 500", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const res = await fetch(`${server.origin}/api/inngest?fnId=dakiya-batch-process&stepId=step`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not_found" }, request_id: expect.stringMatching(/^req_/) });
    }
  });
});

describe("the console's tRPC endpoint", () => {
  async function post(type: string, body: BodyInit) {
    const res = await fetch(`${server.origin}/api/trpc/console.keys.create`, { method: "POST", headers: { cookie, "content-type": type }, body });
    return { status: res.status, body: await res.json() };
  }

  it("takes JSON only: multipart/form-data, forms and text are 415 unsupported_media_type", async () => {
    const form = new FormData();
    form.set("kind", "test");
    const multipart = await fetch(`${server.origin}/api/trpc/console.keys.create`, { method: "POST", headers: { cookie }, body: form });
    expect(multipart.status).toBe(415);
    expect((await multipart.json()).error.code).toBe("unsupported_media_type");
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "application/octet-stream"]) {
      const r = await post(type, '{"kind":"test"}');
      expect(r.status, type).toBe(415);
      expect(r.body.error.code).toBe("unsupported_media_type");
    }
  });

  it("still answers JSON", async () => {
    const r = await post("application/json; charset=utf-8", JSON.stringify({ kind: "test" }));
    expect(r.status).toBe(200);
    expect(r.body.result.data.kind).toBe("test");
  });
});

describe("timeouts", () => {
  it("are set on the HTTP server: whole request, headers, keep-alive and idle connection", () => {
    const s = server.app.server;
    expect(s.requestTimeout).toBe(TIMEOUTS.request);
    expect(s.headersTimeout).toBe(TIMEOUTS.headers);
    expect(s.keepAliveTimeout).toBe(TIMEOUTS.keepAlive);
    expect(s.timeout).toBe(TIMEOUTS.connection);
  });

  it("answer a body that stops arriving with 408 request_timeout, then close the connection", { timeout: TIMEOUTS.bodyIdle * 3 }, async () => {
    const url = new URL(server.origin);
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let text = "";
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", () => undefined);
      // Half the declared body, then silence.
      socket.write(`POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { code: "request_timeout" } });
  });
});

describe("X-Content-Type-Options: nosniff", () => {
  it("is on API answers, errors, the OpenAPI document and /docs", async () => {
    for (const [path, init] of [
      ["/api/v1/usage", { headers: { authorization: `Bearer ${ws.test_key}` } }],
      ["/api/v1/usage", {}],
      ["/api/v1/openapi.json", {}],
      ["/docs", {}],
      ["/api/trpc/console.me", { headers: { cookie } }],
      ["/api/auth/get-session", { headers: { cookie } }],
      ["/healthz", {}],
    ] as const) {
      const res = await fetch(`${server.origin}${path}`, init);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
