/**
 * The production server as `npm start` starts it (issue 30's start-up and RSS budgets): time and server CPU until
 * /readyz answers, resident memory then, and `POST /addresses/normalize` over HTTP, 2,000 calls of the bench set with
 * 8 in flight: server CPU a call (HTTP, key check and usage included) and RSS after. Run it in another checkout too
 * (a worktree of the commit before issue 30, built) to read the budgets as differences. No assertions.
 *
 *   npx tsx scripts/bench/startup.ts        (PGlite; with DATABASE_URL, a scratch database there)
 */
import { readFileSync } from "node:fs";
import { mb, setupBench, startProductionServer } from "./lib";

const IN_FLIGHT = 8;
const ROUNDS = 2;

async function main() {
  const bench = await setupBench();
  const started = performance.now();
  const server = await startProductionServer(bench.env);
  const readyMs = performance.now() - started;
  console.log(`ready in ${readyMs.toFixed(0)} ms, ${(server.cpuSeconds() * 1000).toFixed(0)} ms of server CPU; RSS at ready ${mb(server.rss())}`);

  const addresses = (JSON.parse(readFileSync("test/data/addresses-bench.json", "utf8")) as string[]).slice(0, 1000);
  const normalize = async (address: string) => {
    const res = await fetch(`${server.url}/addresses/normalize`, {
      method: "POST",
      headers: { authorization: `Bearer ${bench.testKey}`, "content-type": "application/json" },
      body: JSON.stringify({ address }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
  for (const address of addresses.slice(0, 200)) await normalize(address);
  const cpuBefore = server.cpuSeconds();
  let calls = 0;
  let ok = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, worker) => {
        for (let i = worker; i < addresses.length; i += IN_FLIGHT) {
          if (await normalize(addresses[i] as string)) ok++;
          calls++;
        }
      }),
    );
  }
  const cpu = server.cpuSeconds() - cpuBefore;
  console.log(
    `POST /addresses/normalize: ${calls} calls (${ok} 2xx; the rest are the bench set's junk, refused 400), server CPU ${((cpu * 1e6) / calls).toFixed(0)} µs a call, ${Math.round(calls / cpu)} a CPU second; RSS ${mb(server.rss())}`,
  );
  await server.stop();
  await bench.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
