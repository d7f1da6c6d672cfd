/**
 * The REST server against India Post's reference DIGIPIN server, in one run, with the same tool
 * (autocannon), concurrency and duration: `GET /api/v1/digipin/{code}` with a key on the unlimited
 * `bench` plan (key check, rate-limit lookup, request id, log and metrics, the trpc-to-openapi
 * adapter) against the reference's unauthenticated `GET /api/digipin/decode?digipin=…`.
 * Target: Dakiya ≥ 1.5 × the reference's requests/s. Also the server's RSS after the run.
 */
import { autocannonRun, mb, setupBench, startAnchor, startProductionServer, type LoadResult } from "./lib";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const CODE = "39J-49L-L8T4";

function line(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  non-2xx/errors ${r.errors}`;
}

async function main() {
  const bench = await setupBench();
  const dakiya = await startProductionServer(bench.env);
  const anchor = await startAnchor();
  try {
    const dakiyaRun = { url: `${dakiya.url}/digipin/${CODE}`, connections: CONNECTIONS, headers: { authorization: `Bearer ${bench.testKey}` } };
    const anchorRun = anchor.server ? { url: `http://127.0.0.1:${anchor.server.port}/api/digipin/decode?digipin=${CODE}`, connections: CONNECTIONS } : null;
    // Warm both (JIT, key cache), then measure one after the other, same tool and settings.
    await autocannonRun({ ...dakiyaRun, seconds: 2 });
    if (anchorRun) await autocannonRun({ ...anchorRun, seconds: 2 });
    const ours = await autocannonRun({ ...dakiyaRun, seconds: SECONDS });
    const theirs = anchorRun ? await autocannonRun({ ...anchorRun, seconds: SECONDS }) : null;

    console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
    console.log(line("Dakiya (npm start) decode", ours));
    if (theirs) console.log(line("India Post reference server decode", theirs));
    console.log(theirs ? `ratio Dakiya / reference: ${(ours.rps / theirs.rps).toFixed(2)} (target ≥ 1.5)` : `ratio Dakiya / reference: unavailable (${anchor.reason})`);
    console.log(`Dakiya server RSS after the run: ${mb(dakiya.rss())} (target ≤ 500 MB)`);
  } finally {
    await dakiya.stop();
    await anchor.server?.stop();
    await bench.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
