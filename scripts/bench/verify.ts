/**
 * Verification and batch throughput through the API server, with the provider simulator in its own
 * process answering after 50 ms (issues 13 and 31; docs/performance.md). For PostgreSQL when
 * DATABASE_URL is set, and for PGlite always, each figure printed beside its target:
 * - the server's own part of a verify, one at a time: its p50 minus the simulator's own p50 measured
 *   from the same client (target ≤ 3 ms), with the overhead over the nominal 50 ms for reference;
 * - verifies/s with 16 in flight, PROVIDER_CONCURRENCY=16 (limit 16 / 0.05 s = 320/s; target ≥ 90 %);
 * - the server's CPU time per verify at 16 in flight (target ≤ 1.0 ms; PGlite's includes the database's);
 * - a 1000-row batch from the 202 to `completed` against 1000 × 0.05 / 16 = 3.125 s (target ≤ 1.2×),
 *   and its CSV download;
 * - provider calls made against verifications made (equal: nothing verified twice);
 * - the server's RSS, peak and at the end (target ≤ 500 MB);
 * - on PostgreSQL, the same loads against a bare server doing only a verify's three exchanges
 *   (verify-ceiling-child.ts): what this machine charges for them, and Dakiya's figures over it.
 * scripts/bench/round-trips.ts counts the database round trips per verify.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { load, mb, measureVerifyCeiling, setupBench, simulatorRequest, startProductionServer, startSimulatorProcess, VERIFY_ADDRESSES, verifyRequest, WARM_UP_SECONDS } from "./lib";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LATENCY_MS = 50;
const SLOTS = 16;
const LIMIT_PER_S = SLOTS / (LATENCY_MS / 1000);
const BATCH_ROWS = 1000;
const BATCH_LIMIT_S = (BATCH_ROWS * LATENCY_MS) / 1000 / SLOTS;
const SERVER_SCRIPT = "dist/serve.mjs";
/** Issue 31's targets. */
const TARGET = { ownPartMs: 3, shareOfLimit: 0.9, cpuPerVerifyMs: 1.0, batchRatio: 1.2, rssMb: 500 };
const verdict = (met: boolean) => (met ? "met" : "NOT MET");

/**
 * CPU time (user + system, ms) used so far, per part of the machine: the server (this process's child
 * running `dist/serve.mjs`), the simulator (its child running simulator-child.ts), PostgreSQL (every
 * `postgres` process), this load client, and the whole machine busy. Per-process CPU is the server's
 * own cost, which other load does not inflate as it does wall-clock figures; the rest shows what the
 * two cores are shared with.
 */
function cpuMs() {
  const tick = 10; // USER_HZ is 100 on Linux
  const parts = { server: 0, simulator: 0, postgres: 0 };
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const used = (Number(fields[11]) + Number(fields[12])) * tick;
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === "postgres") parts.postgres += used;
      else if (Number(fields[1]) === process.pid) {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (cmdline.includes(SERVER_SCRIPT)) parts.server += used;
        else if (cmdline.includes("simulator-child")) parts.simulator += used;
      }
    } catch {
      /* the process ended meanwhile */
    }
  }
  const [user, nice, system, , , irq, softirq] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  const usage = process.cpuUsage();
  return { ...parts, client: (usage.user + usage.system) / 1000, machine: (user! + nice! + system! + irq! + softirq!) * tick };
}

/**
 * A PostgreSQL round trip (`SELECT 1`) back to back and after 50 ms idle, as a verify's write comes
 * after the provider's 50 ms: on a VM whose idle vCPUs sleep, waking the database costs more than the
 * query.
 */
async function roundTrips(url: string): Promise<{ busy: number; afterIdle: number }> {
  const client = new pg.Client(url);
  await client.connect();
  const p50 = async (gapMs: number) => {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      const t = performance.now();
      await client.query({ name: "bench_round_trip", text: "SELECT 1" });
      times.push(performance.now() - t);
    }
    return times.sort((x, y) => x - y)[30]!;
  };
  try {
    return { busy: await p50(0), afterIdle: await p50(LATENCY_MS) };
  } finally {
    await client.end();
  }
}

async function run(database: "PostgreSQL" | "PGlite") {
  const bench = await setupBench();
  const sim = await startSimulatorProcess(LATENCY_MS);
  const server = await startProductionServer({ ...bench.env, DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: String(SLOTS) });
  const headers = { authorization: `Bearer ${bench.liveKey}`, "content-type": "application/json" };
  const verify = verifyRequest(bench.liveKey, "B");
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 250);
  // The simulator's own answer time from this client, one call at a time: what a verify waits for
  // at the least, where the nominal 50 ms is the floor.
  const simPort = Number(new URL(sim.url).port);
  await load({ port: simPort, concurrency: 1, durationMs: 500, request: simulatorRequest });
  const provider = await load({ port: simPort, concurrency: 1, durationMs: SECONDS * 1000, request: simulatorRequest });
  const callsBefore = await sim.requests();

  const warmUpCpuBefore = cpuMs().server;
  const warmUp = await load({ port: server.port, concurrency: SLOTS, durationMs: WARM_UP_SECONDS * 1000, request: verify });
  const warmUpCpu = (cpuMs().server - warmUpCpuBefore) / (warmUp.count - warmUp.errors);
  const one = await load({ port: server.port, concurrency: 1, durationMs: SECONDS * 1000, request: verify });
  const cpuBefore = cpuMs();
  const many = await load({ port: server.port, concurrency: SLOTS, durationMs: SECONDS * 1000, request: verify });
  const cpuAfter = cpuMs();
  const perVerify = (part: keyof typeof cpuAfter) => (cpuAfter[part] - cpuBefore[part]) / (many.count - many.errors);

  const rows = Array.from({ length: BATCH_ROWS }, (_, i) => ({ address: VERIFY_ADDRESSES[i % VERIFY_ADDRESSES.length], order_id: `R-${i}` }));
  const batchCpuBefore = cpuMs().server;
  const started = performance.now();
  const created = (await (await fetch(`${server.url}/addresses/verify/batch`, { method: "POST", headers, body: JSON.stringify({ addresses: rows }) })).json()) as { batch_id: string };
  let batch: { status: string; succeeded: number };
  for (;;) {
    batch = (await (await fetch(`${server.url}/batches/${created.batch_id}`, { headers })).json()) as typeof batch;
    if (!["queued", "processing"].includes(batch.status)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = (performance.now() - started) / 1000;
  const rowCpuMs = (cpuMs().server - batchCpuBefore) / BATCH_ROWS;
  const t = performance.now();
  const csv = await (await fetch(`${server.url}/batches/${created.batch_id}/download`, { headers })).text();
  const downloadMs = performance.now() - t;
  clearInterval(sampler);
  const endRss = server.rss();
  const calls = (await sim.requests()) - callsBefore;
  const trips = database === "PostgreSQL" ? await roundTrips(bench.env.DATABASE_URL!) : null;
  // Every answered verify (the warm-up's included) is one verification, and so is every batch row that succeeded.
  const verifications = [warmUp, one, many].reduce((n, r) => n + r.count - r.errors, 0) + batch.succeeded;

  const f = (n: number) => n.toFixed(1);
  const ownPart = one.p50 - provider.p50;
  const share = many.rps / LIMIT_PER_S;
  const serverCpu = perVerify("server");
  const ratio = wall / BATCH_LIMIT_S;
  console.log(`${database}:`);
  console.log(`  the server's own part of a verify, one at a time: p50 ${f(ownPart)} ms (target ≤ ${TARGET.ownPartMs} ms) ${verdict(ownPart <= TARGET.ownPartMs)}; errors ${one.errors}`);
  console.log(`    the verify p50 ${f(one.p50)} ms, p99 ${f(one.p99)} ms; the simulator alone answers in p50 ${f(provider.p50)} ms, p99 ${f(provider.p99)} ms from the same client`);
  console.log(`    overhead over the nominal ${LATENCY_MS} ms: p50 ${f(one.p50 - LATENCY_MS)} ms, p99 ${f(one.p99 - LATENCY_MS)} ms`);
  if (trips) console.log(`    a PostgreSQL round trip (SELECT 1) on this machine: p50 ${f(trips.busy)} ms back to back, ${f(trips.afterIdle)} ms after ${LATENCY_MS} ms idle`);
  console.log(
    `  verifies/s with ${SLOTS} in flight: ${many.rps.toFixed(0)}/s = ${(share * 100).toFixed(0)} % of ${LIMIT_PER_S}/s (target ≥ ${TARGET.shareOfLimit * 100} %) ${verdict(share >= TARGET.shareOfLimit)}; p50 ${f(many.p50)} ms; errors ${many.errors}`,
  );
  console.log(`  server CPU a verify at ${SLOTS} in flight: ${serverCpu.toFixed(2)} ms (target ≤ ${TARGET.cpuPerVerifyMs.toFixed(1)} ms) ${verdict(serverCpu <= TARGET.cpuPerVerifyMs)}`);
  console.log(
    `    the fresh server's first ${WARM_UP_SECONDS} s of load at ${SLOTS} in flight (its code being compiled; not the figures above): ${warmUp.rps.toFixed(0)}/s, ${warmUpCpu.toFixed(2)} ms of CPU a verify, errors ${warmUp.errors}`,
  );
  const machine = perVerify("machine");
  console.log(
    `    the rest of the machine a verify: ${database === "PostgreSQL" ? `PostgreSQL ${f(perVerify("postgres"))} ms, ` : ""}simulator ${f(perVerify("simulator"))} ms, ` +
      `load client ${f(perVerify("client"))} ms; the machine ${f(machine)} ms (other work included), so its ${os.cpus().length} cores allow at most ${((os.cpus().length * 1000) / machine).toFixed(0)}/s at 100 % busy; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  ${BATCH_ROWS}-row batch: ${wall.toFixed(2)} s from the 202 to ${batch.status} = ${ratio.toFixed(3)}× ${BATCH_LIMIT_S} s (target ≤ ${TARGET.batchRatio}×) ${verdict(ratio <= TARGET.batchRatio)}; ${batch.succeeded} succeeded; server CPU ${f(rowCpuMs)} ms a row`,
  );
  console.log(`  CSV download: ${downloadMs.toFixed(0)} ms, ${(csv.length / 1024).toFixed(0)} KiB`);
  console.log(`  provider calls ${calls}, verifications ${verifications}${calls === verifications ? " (equal)" : " (NOT EQUAL)"}`);
  console.log(`  server RSS: peak ${mb(peakRss)} (target ≤ ${TARGET.rssMb} MB) ${verdict(peakRss <= TARGET.rssMb * 1024 * 1024)}, at the end ${mb(endRss)}`);
  await server.stop();
  if (database === "PostgreSQL") {
    const bare = await measureVerifyCeiling({
      env: bench.env,
      providerUrl: sim.url,
      request: verify,
      providerP50: provider.p50,
      seconds: SECONDS,
      inFlight: SLOTS,
    });
    console.log(
      `  beside a bare node:http server doing only a verify's three exchanges (scripts/bench/verify-ceiling-child.ts): own part p50 ${f(bare.ownPart)} ms, ` +
        `${bare.rps.toFixed(0)}/s = ${((bare.rps / LIMIT_PER_S) * 100).toFixed(0)} % at ${SLOTS} in flight, CPU a verify ${bare.cpuMs.toFixed(2)} ms; ` +
        `Dakiya / bare: own part ${(ownPart / bare.ownPart).toFixed(2)}×, CPU ${(serverCpu / bare.cpuMs).toFixed(2)}×`,
    );
  }
  sim.stop();
  await bench.cleanup();
}

/** Each database in its own process: the configuration is read once per process. */
async function main() {
  const only = process.argv[2];
  if (only === "PostgreSQL" || only === "PGlite") return run(only);
  if (process.env.DATABASE_URL) await runIn("PostgreSQL", process.env);
  else console.log("PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server where the benchmark may create and drop a database)");
  const { DATABASE_URL: _url, ...withoutPostgres } = process.env;
  await runIn("PGlite", withoutPostgres);
}

function runIn(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = fork("scripts/bench/verify.ts", [database], { execArgv: ["--import", "tsx"], env, stdio: "inherit" });
  return new Promise((resolve, reject) => child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${database} run exited with ${code}`)))));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
