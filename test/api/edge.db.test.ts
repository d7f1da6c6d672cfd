import http from "node:http";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startApiServer, useServer } from "../server";
import { useWorkspace } from "../helpers";
import { prometheusSamples } from "../prometheus";
import { reloadConfig } from "../../server/config";

/**
 * What the server does before a procedure runs: odd paths and ids, body limits, the key before the
 * body, request ids everywhere, health, readiness and metrics.
 */
const server = useServer(startApiServer);
const ws = useWorkspace("starter");

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request exactly as written (no URL normalisation), with an optional body or a body of `size` bytes. */
function raw(method: string, path: string, opts: { key?: string; body?: string; size?: number; chunked?: boolean; headers?: Record<string, string> } = {}): Promise<Raw> {
  const { origin } = server;
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    const body = opts.size !== undefined ? Buffer.alloc(opts.size, "a") : opts.body !== undefined ? Buffer.from(opts.body) : null;
    if (body && !opts.chunked) headers["content-length"] = body.length;
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, json });
      });
    });
    // The server may answer (413) and close before the whole body is written.
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
    if (body) req.write(body);
    req.end();
  });
}

const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;

function expectErrorBody(r: Raw, status: number, codes: string[]) {
  expect(r.status, r.text).toBe(status);
  expect(codes).toContain(r.json?.error?.code);
  expect(r.json.request_id).toBe(r.headers["x-request-id"]);
  expect(r.text).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
}

const ODD = ["%ZZ", "%C0%AF", "%00", "%E0%A4", "..%2F..%2Fetc%2Fpasswd", "%20", "a%00b", encodeURIComponent("😀'; DROP TABLE batches;--"), "x".repeat(2000)];

describe("odd path parameters", () => {
  it("never answer 5xx on any endpoint with a path parameter: 400 for bad encoding, else the honest 400/404", async () => {
    for (const odd of ODD) {
      const decode = await raw("GET", `/api/v1/digipin/${odd}`, { key: ws.test_key });
      expect(decode.status, `${odd}: ${decode.text}`).toBe(400);
      expect(["invalid_request", "invalid_digipin"]).toContain(decode.json.error.code);

      for (const [method, suffix] of [
        ["GET", ""],
        ["POST", "/cancel"],
        ["GET", "/download"],
      ] as const) {
        const r = await raw(method, `/api/v1/batches/${odd}${suffix}`, { key: ws.live_key });
        expect(r.status, `${method} ${odd}${suffix}: ${r.text}`).toBeLessThan(500);
        expectErrorBody(r, r.status, ["invalid_request", "batch_not_found"]);
      }
    }
  });

  it("answers a well-formed id of no batch with 404 batch_not_found", async () => {
    const r = await raw("GET", "/api/v1/batches/bat_AAAAAAAAAAAAAAAAAAAA", { key: ws.live_key });
    expectErrorBody(r, 404, ["batch_not_found"]);
  });

  it("refuses NUL characters in body text with 400 instead of passing them to the database", async () => {
    const r = await raw("POST", "/api/v1/outcomes", { key: ws.live_key, body: JSON.stringify({ order_id: "A\u0000B", outcome: "delivered" }) });
    expectErrorBody(r, 400, ["invalid_request"]);
  });
});

describe("request bodies", () => {
  const THREE_MIB = 3 * 1024 * 1024;

  it("refuses a body over 2 MiB with 413 payload_too_large, with or without a key", async () => {
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify/batch", { size: THREE_MIB }), 413, ["payload_too_large"]);
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify/batch", { key: ws.live_key, size: THREE_MIB }), 413, ["payload_too_large"]);
  });

  it("refuses a chunked body (no Content-Length) once it passes 2 MiB", async () => {
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify/batch", { key: ws.live_key, size: THREE_MIB, chunked: true }), 413, ["payload_too_large"]);
  });

  it("checks the key before the body: a bad body without a valid key is a 401", async () => {
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify", { body: "{not json" }), 401, ["unauthenticated"]);
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify", { key: "dk_live_00000000000000000000000000000000", body: "{not json" }), 401, ["unauthenticated"]);
    expectErrorBody(await raw("POST", "/api/v1/addresses/verify", { key: ws.live_key, body: "{not json" }), 400, ["invalid_request"]);
  });
});

describe("request ids, health, readiness and metrics", () => {
  it("puts an X-Request-Id on the reference page, the OpenAPI document, health and every error", async () => {
    for (const path of ["/docs", "/api/v1/openapi.json", "/healthz", "/readyz", "/metrics", "/api/v1/nope", "/api/nothing"]) {
      const r = await raw("GET", path);
      expect(r.headers["x-request-id"], path).toMatch(REQUEST_ID);
    }
    const unknown = await raw("GET", "/api/nothing");
    expectErrorBody(unknown, 404, ["not_found"]);
  });

  it("answers /healthz and /readyz with 200 while the database answers and every migration is applied", async () => {
    const health = await raw("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: "ok" });
    const ready = await raw("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ready" });
  });

  it("serves Prometheus text with request durations by route, provider and batch figures", async () => {
    await raw("GET", "/api/v1/digipin/39J49LL8T4", { key: ws.test_key });
    const r = await raw("GET", "/metrics");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    const samples = prometheusSamples(r.text);
    const digipinCalls = samples.find(
      (s) => s.name === "dakiya_http_request_duration_seconds_count" && s.labels.route === "/api/v1/digipin/{digipin}" && s.labels.method === "GET" && s.labels.status === "200",
    );
    expect(digipinCalls?.value).toBeGreaterThanOrEqual(1);
    for (const name of ["dakiya_provider_calls_total", "dakiya_provider_breaker_state", "dakiya_batch_rows_waiting", "dakiya_webhook_deliveries_due"]) {
      expect(r.text).toContain(`# TYPE ${name}`);
    }
  });

  it("asks for the metrics token when METRICS_TOKEN is set", async () => {
    process.env.METRICS_TOKEN = "metrics-token-0123456789";
    reloadConfig();
    try {
      expectErrorBody(await raw("GET", "/metrics"), 401, ["unauthenticated"]);
      expectErrorBody(await raw("GET", "/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } }), 401, ["unauthenticated"]);
      expect((await raw("GET", "/metrics", { headers: { authorization: "Bearer metrics-token-0123456789" } })).status).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
      reloadConfig();
    }
  });

  it.runIf(process.env.DAKIYA_TEST_DB === "postgres")("goes 503 on /readyz while the database refuses connections, and back to 200", async () => {
    const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [dbName]);
      const down = await raw("GET", "/readyz");
      expectErrorBody(down, 503, ["provider_unavailable"]);
      expect(down.json.error.message).toMatch(/database/);
      expect((await raw("GET", "/healthz")).status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let ready = await raw("GET", "/readyz");
    for (let i = 0; i < 20 && ready.status !== 200; i++) ready = await raw("GET", "/readyz");
    expect(ready.status).toBe(200);
  });
});
