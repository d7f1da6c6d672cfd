/** Shared pieces of the HTTP benchmarks: a fresh database, a server child process, a load generator. */
import { fork } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BenchEnv {
  env: NodeJS.ProcessEnv;
  liveKey: string;
  testKey: string;
  cleanup(): void;
}

/** A migrated database (fresh PGlite unless DATABASE_URL is set) with an unlimited `bench` plan and workspace. */
export async function setupBench(): Promise<BenchEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-bench-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DAKIYA_LOG_REQUESTS: "0", NODE_ENV: "production" };
  if (!process.env.DATABASE_URL) env.PGLITE_DIR = path.join(dataDir, "pglite");
  Object.assign(process.env, { PGLITE_DIR: env.PGLITE_DIR ?? process.env.PGLITE_DIR });
  const { connection, closeDatabase } = await import("../../server/db");
  const { applyMigrations } = await import("../../prisma/engine");
  const { createWorkspace, upsertPlan } = await import("../../server/workspaces");
  const conn = connection();
  await applyMigrations(conn.adapterFactory);
  await upsertPlan(conn.prisma, { id: "bench", includedUnits: 10_000_000, batchCap: 1000, overagePaisePerUnit: 0, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
  const ws = await createWorkspace(conn.prisma, { name: "Bench", planId: "bench" });
  await closeDatabase();
  return { env, liveKey: ws.live_key, testKey: ws.test_key, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

export interface BenchServer {
  url: string;
  port: number;
  rssAtStart: number;
  rss(): Promise<number>;
  stop(): Promise<void>;
}

/** scripts/bench/http-server.ts in a child process, so the load generator has the other core. */
export function startServer(mode: "bare" | "api", env: NodeJS.ProcessEnv): Promise<BenchServer> {
  const child = fork("scripts/bench/http-server.ts", [mode], { execArgv: ["--import", "tsx"], env, stdio: "inherit" });
  return new Promise((resolve) => {
    child.once("message", (m: { port: number; rss: number }) =>
      resolve({
        port: m.port,
        url: `http://127.0.0.1:${m.port}/api/v1`,
        rssAtStart: m.rss,
        rss: () =>
          new Promise((r) => {
            child.once("message", (x: { rss: number }) => r(x.rss));
            child.send("rss");
          }),
        stop: () =>
          new Promise((r) => {
            child.once("exit", () => r());
            child.kill();
          }),
      }),
    );
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  count: number;
}

/** Keep-alive requests from `concurrency` loops for `durationMs`; latencies in ms. */
export async function load(opts: { port: number; concurrency: number; durationMs: number; request: (i: number) => { method: string; path: string; headers: Record<string, string>; body?: string } }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const until = performance.now() + opts.durationMs;
  const one = () =>
    new Promise<void>((resolve) => {
      const r = opts.request(i++);
      const started = performance.now();
      const req = http.request({ host: "127.0.0.1", port: opts.port, agent, method: r.method, path: r.path, headers: r.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if ((res.statusCode ?? 0) >= 300) errors++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, async () => { while (performance.now() < until) await one(); }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, count: latencies.length };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
