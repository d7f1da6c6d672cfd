/**
 * Verification and batch benchmarks through the full REST stack, the server in a child process and
 * the provider simulator in this one:
 * - verify overhead: p50/p99 of POST /addresses/verify one at a time with the simulator at 0 ms and
 *   50 ms, minus the simulator's latency (target ≤ 5 ms p50);
 * - verify throughput at 50 ms with PROVIDER_CONCURRENCY=16 (limit 16 / 0.05 s = 320/s; target ≥ 85 %);
 * - a 1000-row batch at 50 ms: wall time from 202 to completed against 1000 × 0.05 / 16 ≈ 3.1 s
 *   (target ≤ 1.3×), the server's RSS during the batch, and the time to download its CSV (< 200 ms).
 */
import { startSimulator } from "../../server/provider/simulator";
import { load, mb, setupBench, startProductionServer } from "./lib";

const ADDRESSES = [
  "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
  "B-204, Sector 62, Noida, Uttar Pradesh 201309",
  "H.No. 12-2-823/A, Mehdipatnam, Hyderabad, Telangana 500028",
  "100 Feet Road, Indiranagar, Bengaluru 560038",
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function main() {
  const bench = await setupBench();
  const verify = (i: number) => ({
    method: "POST",
    path: "/api/v1/addresses/verify",
    headers: { authorization: `Bearer ${bench.liveKey}`, "content-type": "application/json" },
    body: JSON.stringify({ address: ADDRESSES[i % ADDRESSES.length], order_id: `B-${i}` }),
  });

  for (const latencyMs of [0, 50]) {
    const sim = await startSimulator({ port: 0, latencyMs });
    const server = await startProductionServer({ ...bench.env, DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "16" });
    await load({ port: server.port, concurrency: 1, durationMs: 1000, request: verify });
    const one = await load({ port: server.port, concurrency: 1, durationMs: SECONDS * 1000, request: verify });
    console.log(
      `verify, simulator at ${latencyMs} ms, one at a time: p50 ${one.p50.toFixed(2)} ms, p99 ${one.p99.toFixed(2)} ms; overhead over the provider p50 ${(one.p50 - latencyMs).toFixed(2)} ms, p99 ${(one.p99 - latencyMs).toFixed(2)} ms (target p50 ≤ 5 ms); errors ${one.errors}`,
    );
    if (latencyMs === 50) {
      const many = await load({ port: server.port, concurrency: 64, durationMs: SECONDS * 1000, request: verify });
      console.log(`verify throughput at 50 ms, PROVIDER_CONCURRENCY=16: ${many.rps.toFixed(0)}/s = ${((many.rps / 320) * 100).toFixed(0)} % of the 320/s limit (target ≥ 85 %); errors ${many.errors}`);

      const rows = Array.from({ length: 1000 }, (_, i) => ({ address: ADDRESSES[i % ADDRESSES.length], order_id: `R-${i}` }));
      const headers = { authorization: `Bearer ${bench.liveKey}`, "content-type": "application/json" };
      const started = performance.now();
      const created = (await (await fetch(`${server.url}/addresses/verify/batch`, { method: "POST", headers, body: JSON.stringify({ addresses: rows }) })).json()) as { batch_id: string };
      let peakRss = 0;
      for (;;) {
        const b = (await (await fetch(`${server.url}/batches/${created.batch_id}`, { headers })).json()) as { status: string };
        peakRss = Math.max(peakRss, await server.rss());
        if (b.status === "completed") break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const wall = (performance.now() - started) / 1000;
      const t = performance.now();
      const csv = await (await fetch(`${server.url}/batches/${created.batch_id}/download`, { headers })).text();
      const downloadMs = performance.now() - t;
      console.log(`1000-row batch at 50 ms: ${wall.toFixed(2)} s from 202 to completed = ${(wall / 3.125).toFixed(2)}× the 3.1 s limit (target ≤ 1.3×); server RSS peak ${mb(peakRss)}`);
      console.log(`CSV download of 1000 rows: ${downloadMs.toFixed(0)} ms, ${(csv.length / 1024).toFixed(0)} KiB (target < 200 ms)`);
    }
    await server.stop();
    await sim.close();
  }
  bench.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
