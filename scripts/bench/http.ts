/**
 * The REST server against India Post's reference DIGIPIN server and against a bare `node:http` server
 * doing the same decode (the ceiling), in one run, with the same tool (autocannon), concurrency and
 * duration: `GET /api/v1/digipin/{code}` with a key on the unlimited `bench` plan (key check, rate-limit
 * look-up, Zod in and out, request id, log line and metrics), the reference's unauthenticated
 * `GET /api/digipin/decode?digipin=…`, and the ceiling's bare decode. Each is measured in slices taken
 * in turn, so a neighbour's burst of load on a shared machine weighs on all three alike. Prints
 * requests/s, the ratios, and each server's CPU time per request. Target: Dakiya ≥ 2 × the reference.
 */
import { autocannonRun, mb, setupBench, startAnchor, startCeiling, startProductionServer, WARM_UP_SECONDS, type LoadResult } from "./lib";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SLICES = 2;
const CONNECTIONS = 32;
const CODE = "39J-49L-L8T4";

interface Target {
  name: string;
  run: { url: string; connections: number; headers?: Record<string, string> };
  cpuSeconds(): number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUsPerRequest: number;
}

function line(name: string, r: Measured): string {
  return `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  CPU ${r.cpuUsPerRequest.toFixed(0).padStart(4)} µs/request  non-2xx/errors ${r.errors}`;
}

/** Every target for SECONDS in all, in SLICES turns; requests/s from the total count, CPU from the server's own processes. */
async function measure(targets: Target[]): Promise<Measured[]> {
  const totals = targets.map(() => ({ count: 0, errors: 0, cpu: 0, p50: [] as number[], p99: [] as number[] }));
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, target] of targets.entries()) {
      const cpuBefore = target.cpuSeconds();
      const r: LoadResult = await autocannonRun({ ...target.run, seconds: SECONDS / SLICES });
      const total = totals[i]!;
      total.cpu += target.cpuSeconds() - cpuBefore;
      total.count += r.count;
      total.errors += r.errors;
      total.p50.push(r.p50);
      total.p99.push(r.p99);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return totals.map((t) => ({ rps: t.count / SECONDS, p50: mean(t.p50), p99: Math.max(...t.p99), errors: t.errors, cpuUsPerRequest: (t.cpu * 1e6) / t.count }));
}

async function main() {
  const bench = await setupBench();
  const dakiya = await startProductionServer(bench.env);
  const anchor = await startAnchor();
  const ceiling = await startCeiling();
  try {
    const targets: Target[] = [
      {
        name: "Dakiya (npm start) decode",
        run: { url: `${dakiya.url}/digipin/${CODE}`, connections: CONNECTIONS, headers: { authorization: `Bearer ${bench.testKey}` } },
        cpuSeconds: dakiya.cpuSeconds,
      },
      { name: "bare node:http decode (ceiling)", run: { url: `http://127.0.0.1:${ceiling.port}/api/v1/digipin/${CODE}`, connections: CONNECTIONS }, cpuSeconds: ceiling.cpuSeconds },
    ];
    if (anchor.server) {
      const { port, cpuSeconds } = anchor.server;
      targets.push({ name: "India Post reference server decode", run: { url: `http://127.0.0.1:${port}/api/digipin/decode?digipin=${CODE}`, connections: CONNECTIONS }, cpuSeconds });
    }
    // Warm every server as the verify benches do (its code compiled, the key cached), then measure them in turns, same tool and settings.
    for (const t of targets) await autocannonRun({ ...t.run, seconds: WARM_UP_SECONDS });
    const [ours, bare, theirs] = await measure(targets);

    console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s each in ${SLICES} turns; database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
    console.log(line(targets[0]!.name, ours!));
    console.log(line(targets[1]!.name, bare!));
    if (theirs) console.log(line(targets[2]!.name, theirs));
    console.log(theirs ? `ratio Dakiya / reference: ${(ours!.rps / theirs.rps).toFixed(2)} (target ≥ 2)` : `ratio Dakiya / reference: unavailable (${anchor.reason})`);
    console.log(
      `ratio Dakiya / ceiling: ${(ours!.rps / bare!.rps).toFixed(2)}; Dakiya's CPU per request beyond the ceiling's: ${(ours!.cpuUsPerRequest - bare!.cpuUsPerRequest).toFixed(0)} µs`,
    );
    console.log(`Dakiya server RSS after the run: ${mb(dakiya.rss())} (target ≤ 500 MB)`);
  } finally {
    await dakiya.stop();
    await ceiling.stop();
    await anchor.server?.stop();
    await bench.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
