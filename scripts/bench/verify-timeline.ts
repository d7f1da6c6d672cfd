/**
 * Where a live verify's own part goes (issue 31, item 5; docs/performance.md): the production server
 * as `npm start` starts it, the provider simulator at 50 ms in its own process, PostgreSQL, and
 * verifies sent one at a time. `strace` records, with their times, the reads and writes of the
 * server's main thread; each verify is then cut at its exchanges: the request read, the provider's
 * request written, its answer read, the statement written, its answer read, the answer written. The
 * parts between them are the server's own work (JavaScript and the kernel's), the parts across them
 * are the other processes' (and the wake-ups between). Needs DATABASE_URL and `strace`; not part of
 * `npm run bench` (strace slows each traced call a little: compare runs with each other).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/verify-timeline.ts
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { load, setupBench, startProductionServer, startSimulatorProcess, WARM_UP_SECONDS } from "./lib";

const LATENCY_MS = 50;
const VERIFIES = Number(process.env.BENCH_VERIFIES ?? 100);
const ADDRESS = "B-204, Sector 62, Noida, Uttar Pradesh 201309";

interface Call {
  at: number;
  name: string;
  fd: number;
  text: string;
}

/** The traced calls of `strace -ttt` output: time in ms since the epoch, call, descriptor, the start of its data. */
function tracedCalls(file: string): Call[] {
  const calls: Call[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^(\d+\.\d+) (read|writev)\((\d+), (.*)$/.exec(line);
    if (m) calls.push({ at: Number(m[1]) * 1000, name: m[2]!, fd: Number(m[3]), text: m[4]! });
  }
  return calls;
}

const PARTS = [
  ["the request on its way in (client, kernel, wake-up)", "client"],
  ["request read → provider's request written (routing, key, input, the address parse, the call set up)", "server"],
  ["the provider (the simulator's 50 ms, two processes' wake-ups)", "provider"],
  ["provider's answer read → statement written (its parse, the decision, the record, the statement's values)", "server"],
  ["the statement (PostgreSQL: one statement and its commit)", "database"],
  ["statement's answer read → answer written (output check, JSON, the reply)", "server"],
  ["the answer on its way out (kernel, client)", "client"],
] as const;

/** Each verify's seven parts (ms), where all six exchanges were found within its span. */
function timelines(spans: Array<[number, number]>, calls: Call[]): number[][] {
  const out: number[][] = [];
  for (const [start, end] of spans) {
    const within = calls.filter((c) => c.at >= start - 0.5 && c.at <= end + 0.5);
    let from = 0;
    const next = (test: (c: Call) => boolean) => {
      const i = within.findIndex((c, k) => k >= from && test(c));
      if (i < 0) return null;
      from = i + 1;
      return within[i]!;
    };
    const request = next((c) => c.name === "read" && c.text.includes("POST /api/v1/addresses/verify"));
    const asked = request && next((c) => c.name === "writev" && c.text.includes("validateAddress"));
    const answered = asked && next((c) => c.name === "read" && c.fd === asked.fd);
    const sent = answered && next((c) => c.name === "writev" && c.fd !== request.fd && c.fd !== asked.fd);
    const stored = sent && next((c) => c.name === "read" && c.fd === sent.fd);
    const replied = stored && next((c) => c.name === "writev" && c.fd === request.fd);
    if (!replied) continue;
    const marks = [start, request.at, asked.at, answered.at, sent.at, stored.at, replied.at, end];
    out.push(marks.slice(1).map((t, i) => t - marks[i]!));
  }
  return out;
}

async function main() {
  if (!process.env.DATABASE_URL) return console.log("verify-timeline: set DATABASE_URL (the statement's part is PostgreSQL's); nothing measured");
  if (spawnSync("strace", ["-V"]).status !== 0) return console.log("verify-timeline: strace is not installed (apt-get install -y strace); nothing measured");
  const bench = await setupBench();
  const sim = await startSimulatorProcess(LATENCY_MS);
  const server = await startProductionServer({ ...bench.env, DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
  const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-timeline-")), "strace.txt");
  try {
    const headers = { authorization: `Bearer ${bench.liveKey}`, "content-type": "application/json" };
    const verify = (i: number) => ({ method: "POST", path: "/api/v1/addresses/verify", headers, body: JSON.stringify({ address: ADDRESS, order_id: `T-${i}` }) });
    await load({ port: server.port, concurrency: 16, durationMs: WARM_UP_SECONDS * 1000, request: verify });
    // The main thread only (its id is the process's): the log line is written from another thread.
    const strace = spawn("strace", ["--seccomp-bpf", "-e", "trace=read,writev", "-ttt", "-s", "40", "-p", String(server.pid), "-o", trace], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 1000));
    const { spans = [] } = await load({ port: server.port, concurrency: 1, durationMs: VERIFIES * 60, request: verify, spans: true });
    strace.kill("SIGINT");
    await new Promise((r) => strace.once("exit", r));
    const rows = timelines(spans, tracedCalls(trace));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`a verify, one at a time, ${rows.length} of ${spans.length} verifies cut at all six exchanges (load average ${os.loadavg()[0]!.toFixed(1)}):`);
    let own = 0;
    PARTS.forEach(([label, whose], i) => {
      const part = rows.map((r) => r[i]!);
      if (whose === "server") own += median(part);
      console.log(
        `  ${median(part).toFixed(2).padStart(6)} ms p50, ${Math.min(...part)
          .toFixed(2)
          .padStart(6)} min  ${label}`,
      );
    });
    console.log(`  the server's three parts together: ${own.toFixed(2)} ms (p50s added); the whole verify p50 ${median(rows.map((r) => r.reduce((a, b) => a + b, 0))).toFixed(1)} ms`);
  } finally {
    fs.rmSync(path.dirname(trace), { recursive: true, force: true });
    await server.stop();
    sim.stop();
    await bench.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
