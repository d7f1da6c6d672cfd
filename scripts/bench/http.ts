/**
 * HTTP overhead: `GET /api/v1/digipin/{code}` through the full REST stack (key auth, rate limit
 * bypassed by the bench plan, request id, the trpc-to-openapi adapter) against the same decode
 * behind a bare node:http server, in one run. Prints requests/s, p50/p99 and the server's RSS.
 */
import { load, mb, setupBench, startServer } from "./lib";

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 32;
const CODES = ["39J49LL8T4", "4P3JK852C9", "4T396F42L7", "4FK5958823", "2TFJ7F86MM", "422594J546"];

async function main() {
  const bench = await setupBench();
  const rps: Record<string, number> = {};
  for (const mode of ["bare", "api"] as const) {
    const server = await startServer(mode, bench.env);
    const request = (i: number) => ({ method: "GET", path: `/api/v1/digipin/${CODES[i % CODES.length]}`, headers: { authorization: `Bearer ${bench.testKey}` } });
    await load({ port: server.port, concurrency: CONCURRENCY, durationMs: 1000, request });
    const r = await load({ port: server.port, concurrency: CONCURRENCY, durationMs: DURATION_MS, request });
    rps[mode] = r.rps;
    console.log(
      `${mode === "bare" ? "bare node:http decode" : "full REST stack      "} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}  RSS after start ${mb(server.rssAtStart)}, after the bench ${mb(await server.rss())}`,
    );
    await server.stop();
  }
  console.log(`ratio full stack / bare: ${(rps.api! / rps.bare!).toFixed(2)} (target ≥ 0.5); ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each, database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
  bench.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
