/**
 * HTTP overhead: `GET /api/v1/digipin/{code}` through the full REST stack against the same decode
 * behind a bare node:http server, in one run. The server runs in a child process; this process is
 * the load generator (keep-alive connections, fixed concurrency). Prints requests/s, p50/p99 and RSS.
 */
import { fork } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DURATION_MS = Number(process.env.BENCH_HTTP_SECONDS ?? 5) * 1000;
const CONCURRENCY = 32;
const CODES = ["39J49LL8T4", "4P3JK852C9", "4T396F42L7", "4FK5958823", "2TFJ7F86MM", "422594J546"];

// The API server needs a database: a fresh PGlite directory unless DATABASE_URL is set.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-bench-"));
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = path.join(dataDir, "pglite");
process.env.DAKIYA_LOG_REQUESTS = "0";

async function setupWorkspace(): Promise<string> {
  const { connection, closeDatabase } = await import("../../server/db");
  const { applyMigrations } = await import("../../prisma/engine");
  const { createWorkspace, upsertPlan } = await import("../../server/workspaces");
  const conn = connection();
  await applyMigrations(conn.adapterFactory);
  await upsertPlan(conn.prisma, { id: "bench", includedUnits: 1_000_000, batchCap: 1000, overagePaisePerUnit: 0, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
  const ws = await createWorkspace(conn.prisma, { name: "Bench", planId: "bench" });
  await closeDatabase();
  return ws.test_key;
}

interface Server {
  port: number;
  rssAtStart: number;
  rss(): Promise<number>;
  stop(): void;
}

function startServer(mode: "bare" | "api"): Promise<Server> {
  const child = fork("scripts/bench/http-server.ts", [mode], { execArgv: ["--import", "tsx"], env: { ...process.env, NODE_ENV: "production" }, stdio: "inherit" });
  return new Promise((resolve) => {
    child.once("message", (m: { port: number; rss: number }) =>
      resolve({
        port: m.port,
        rssAtStart: m.rss,
        rss: () => new Promise((r) => { child.once("message", (x: { rss: number }) => r(x.rss)); child.send("rss"); }),
        stop: () => child.kill(),
      }),
    );
  });
}

async function load(port: number, key: string, durationMs: number): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + durationMs;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ host: "127.0.0.1", port, agent, path: `/api/v1/digipin/${CODES[i++ % CODES.length]}`, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (performance.now() < until) await one(); }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const key = await setupWorkspace();
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const mode of ["bare", "api"] as const) {
    const server = await startServer(mode);
    await load(server.port, key, 1000); // warm-up
    results[mode] = await load(server.port, key, DURATION_MS);
    const r = results[mode]!;
    console.log(
      `${mode === "bare" ? "bare node:http decode " : "full REST stack       "} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}  RSS after start ${mb(server.rssAtStart)}, after bench ${mb(await server.rss())}`,
    );
    server.stop();
  }
  console.log(`ratio full stack / bare: ${(results.api!.rps / results.bare!.rps).toFixed(2)} (target ≥ 0.5); ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each, database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
