/**
 * Where a verify's cost above its exchanges goes (issue 31, item 5): the verify ceiling
 * (verify-ceiling-child.ts) alone, then with Dakiya's pieces added one at a time, then Dakiya as `npm start`
 * runs it, each under the verify bench's loads against the same simulator (50 ms) and PostgreSQL, in
 * alternating rounds so that the machine's other load falls on every rung. Prints each rung's own part
 * (one at a time), rate and CPU a verify (16 in flight), each after `BENCH_WARM_UP_SECONDS` (default 20) of load.
 * Needs DATABASE_URL; `BENCH_ROUNDS` (default 2), `BENCH_SECONDS` (default 4) a load.
 */
import { load, measureVerifies, measureVerifyCeiling, setupBench, simulatorRequest, startProductionServer, startSimulatorProcess, verifyRequest } from "./lib";

const RUNGS = [[], ["parse"], ["fastify"], ["fastify", "log"], ["fastify", "log", "zod"], ["fastify", "log", "zod", "parse"]];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const IN_FLIGHT = 16;

if (!process.env.DATABASE_URL) {
  console.log("verify ladder: skipped (set DATABASE_URL to a PostgreSQL server where the benchmark may create and drop a database)");
  process.exit(0);
}
const bench = await setupBench();
const sim = await startSimulatorProcess(50);
const server = await startProductionServer({ ...bench.env, DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: String(IN_FLIGHT) });
const verify = verifyRequest(bench.liveKey, "L");

try {
  const simPort = Number(new URL(sim.url).port);
  for (let round = 1; round <= ROUNDS; round++) {
    const provider = await load({ port: simPort, concurrency: 1, durationMs: 2000, request: simulatorRequest });
    console.log(`round ${round} (the simulator alone: p50 ${provider.p50.toFixed(1)} ms):`);
    const print = (name: string, r: { ownPart: number; rps: number; cpuMs: number; errors: number }) =>
      console.log(`  ${name.padEnd(36)} own part p50 ${r.ownPart.toFixed(2)} ms, ${r.rps.toFixed(0)}/s at ${IN_FLIGHT} in flight, CPU a verify ${r.cpuMs.toFixed(2)} ms, errors ${r.errors}`);
    for (const parts of RUNGS) {
      const r = await measureVerifyCeiling({
        env: bench.env,
        providerUrl: sim.url,
        request: verify,
        providerP50: provider.p50,
        seconds: SECONDS,
        inFlight: IN_FLIGHT,
        parts,
      });
      print(`bare${parts.map((p) => ` + ${p}`).join("")}`, r);
    }
    print("Dakiya (npm start)", await measureVerifies(server, { request: verify, providerP50: provider.p50, seconds: SECONDS, inFlight: IN_FLIGHT }));
  }
} finally {
  await server.stop();
  sim.stop();
  await bench.cleanup();
}
