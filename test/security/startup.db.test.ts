import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../../server/config";
import { SERVER_PROCESS } from "../server-process";

/**
 * What a deployment gets told or refused at start-up, and the origin Inngest syncs: never one taken
 * from the Host header of whoever sends `PUT /api/inngest`.
 */

// A stand-in for Inngest's API: records the registrations the SDK sends it.
const registrations: { url: string }[] = [];
const inngestApi = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    if (req.url?.startsWith("/fn/register")) registrations.push(JSON.parse(body));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, modified: true }));
  });
});
await new Promise<void>((resolve) => inngestApi.listen(0, "127.0.0.1", resolve));
const INNGEST = {
  INNGEST_BASE_URL: `http://127.0.0.1:${(inngestApi.address() as AddressInfo).port}`,
  INNGEST_EVENT_KEY: "test-event-key",
  INNGEST_SIGNING_KEY: `signkey-test-${"ab".repeat(32)}`,
  // The public URL, which the SDK knows nothing of: only the server's own setting can pass it on.
  DAKIYA_PUBLIC_URL: "https://dakiya.example.com",
};
Object.assign(process.env, INNGEST);
reloadConfig();
// After the environment: the Inngest client reads it when it is made.
const { startServer } = await import("./server");
const server = await startServer();

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => inngestApi.close(resolve));
  for (const key of Object.keys(INNGEST)) delete process.env[key];
  reloadConfig();
});

describe("the Inngest endpoint", () => {
  it("syncs the app at the configured origin whatever Host a sync request names", async () => {
    const url = new URL(server.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method: "PUT", path: "/api/inngest", headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" } },
        (res) => {
          res.resume().on("end", () => resolve(res.statusCode!));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(status).toBeLessThan(500);
    expect(registrations).toHaveLength(1);
    expect(new URL(registrations[0]!.url).origin).toBe("https://dakiya.example.com");
    expect(new URL(registrations[0]!.url).pathname).toBe("/api/inngest");
    expect(JSON.stringify(registrations[0])).not.toMatch(/attacker/);
  });
});

describe("the Inngest endpoint, to anyone without Inngest's signature", () => {
  it("answers a 4xx to every method, never a 500, and stays up", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const res = await fetch(`${server.origin}/api/inngest?fnId=dakiya-batch-process&stepId=step`, {
        method,
        headers: { "content-type": "application/json", "x-inngest-signature": "t=1&s=forged" },
        body: method === "GET" ? undefined : JSON.stringify({ event: { name: "dakiya/batch.process", data: { batchId: "bat_x" } }, steps: {} }),
      });
      await res.arrayBuffer();
      expect(res.status, method).toBeLessThan(500);
      if (method === "POST") expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  it("refuses a body over 2 MiB with 413", async () => {
    const res = await fetch(`${server.origin}/api/inngest?fnId=dakiya-batch-process&stepId=step`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(3 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });
});

describe("configuration at start", () => {
  function loadWith(env: Record<string, string | undefined>) {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    try {
      return reloadConfig();
    } finally {
      process.env = saved;
      reloadConfig();
    }
  }

  it("refuses production with Inngest but no INNGEST_SERVE_ORIGIN or public URL", () => {
    expect(() => loadWith({ NODE_ENV: "production", INNGEST_SERVE_ORIGIN: undefined, DAKIYA_PUBLIC_URL: undefined })).toThrow(/INNGEST_SERVE_ORIGIN: required/);
    expect(loadWith({ NODE_ENV: "production", INNGEST_SERVE_ORIGIN: undefined, DAKIYA_PUBLIC_URL: "https://dakiya.example.com" }).DAKIYA_PUBLIC_URL).toBe("https://dakiya.example.com");
    expect(loadWith({ NODE_ENV: "production", INNGEST_EVENT_KEY: undefined, INNGEST_SIGNING_KEY: undefined, INNGEST_SERVE_ORIGIN: undefined }).NODE_ENV).toBe("production");
  });

  it("warns loudly when WEBHOOK_ALLOW_PRIVATE_NETWORKS is on in production", { timeout: 120_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1", PORT: "0", HOST: "127.0.0.1", DAKIYA_LOG_REQUESTS: "0" };
    for (const key of Object.keys(INNGEST)) delete env[key];
    if (!env.DATABASE_URL) env.PGLITE_DIR = "memory://";
    const child = spawn(process.execPath, SERVER_PROCESS, { env, stdio: ["ignore", "pipe", "inherit"] });
    const out = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d: Buffer) => {
        text += d.toString();
        // pino writes asynchronously, so its lines and console.log's "listening" may come in any order; its own
        // lines come in order, so once its "Server listening" line is out, every warning logged before it is too.
        if (/"msg":"Server listening at/.test(text)) resolve(text);
      });
      child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${text}`)));
    });
    child.kill("SIGKILL");
    const warning = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => l.msg.includes("WEBHOOK_ALLOW_PRIVATE_NETWORKS"));
    // pino's error level (50): in production this is not a notice to skim past.
    expect(warning).toMatchObject({ level: 50, msg: expect.stringMatching(/never set it in production/) });
  });
});
