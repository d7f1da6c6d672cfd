/**
 * Floods against the production server, started as `npm start` starts it, on 127.0.0.1, each from
 * FLOOD_CONNECTIONS (16) connections, first alone for FLOOD_ALONE_SECONDS (10), then for
 * FLOOD_SECONDS (60) beside another tenant (one client verifying DIGIPINs with its own key, one
 * request at a time). It prints the server's largest resident memory (the process and its children,
 * sampled every 250 ms), the server's CPU seconds while the flood ran alone (from /proc: the figure
 * holds on a machine busy with other work, where latency does not), what every flood request was
 * answered, and the other tenant's p95 latency. FLOOD picks the floods (`body,nested,batch`, the
 * default is all three):
 * - body: streamed 10 MiB bodies to /api/auth/sign-in/email (no Content-Length, so only counting
 *   the bytes as they arrive can stop them);
 * - nested: 1 MiB of JSON nested 500,000 deep, without credentials, to the buyer page's public
 *   procedure (POST /api/trpc/confirmations.link.submit), and with a key to POST /api/v1/addresses/verify;
 * - batch: console tRPC requests naming 400 calls of the buyer page's procedure joined by a
 *   double-encoded comma (`a%252Cb`), without credentials.
 * Targets (issues #23 and #29): every flood request refused with a 4xx, RSS under 500 MB, the other
 * tenant's p95 under 100 ms, no restart. Run it with DATABASE_URL set (PostgreSQL, as in production):
 * on PGlite the database runs inside the server process and its own memory (about 550 MB at rest
 * here) alone passes the mark.
 */
import http from "node:http";
import { mb, setupBench, startProductionServer } from "./lib";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
const ALONE_SECONDS = Number(process.env.FLOOD_ALONE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 16);
const FLOODS = (process.env.FLOOD ?? "body,nested,batch").split(",");
const BODY = 10 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, "a");
const DEEP = Buffer.from("[".repeat(512 * 1024) + "]".repeat(512 * 1024));
const BYPASS_CALLS = 400;

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A body sent whole, or `stream` bytes streamed in 64 KiB pieces (back-pressure respected). */
  body?: Buffer;
  stream?: number;
}

/** One request; resolves to its status, or the error the client saw. */
function request(port: number, r: Sent): Promise<string> {
  return new Promise((resolve) => {
    let status: string | null = null;
    const headers = { "content-type": "application/json", ...r.headers, ...(r.body ? { "content-length": String(r.body.length) } : {}) };
    const req = http.request({ host: "127.0.0.1", port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      status = String(res.statusCode);
      // On close rather than end: a connection cut after its answer (past LINGER) still read that answer.
      res.resume().on("close", () => resolve(status!));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (!status) resolve(err.code ?? "error");
    });
    if (r.body) return void req.end(r.body);
    if (!r.stream) return void req.end();
    let sent = 0;
    const write = () => {
      while (sent < r.stream!) {
        sent += PIECE.length;
        if (!req.write(PIECE)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const bench = await setupBench();
const server = await startProductionServer(bench.env);
const scenarios: Record<string, { what: string; next: (i: number) => Sent }> = {
  body: { what: "streamed 10 MiB bodies to /api/auth/sign-in/email", next: () => ({ method: "POST", path: "/api/auth/sign-in/email", stream: BODY }) },
  nested: {
    what: "1 MiB bodies nested 524,288 deep (half to the public confirmations.link.submit, half to /api/v1/addresses/verify with a key)",
    next: (i) =>
      i % 2
        ? { method: "POST", path: "/api/trpc/confirmations.link.submit", body: DEEP }
        : { method: "POST", path: "/api/v1/addresses/verify", headers: { authorization: `Bearer ${bench.testKey}` }, body: DEEP },
  },
  batch: {
    what: `console tRPC requests of ${BYPASS_CALLS} calls joined by %252C, signed out`,
    // The calls' inputs would not fit beside 400 names in a URL; without them each call is refused alike.
    next: () => ({ method: "GET", path: `/api/trpc/${Array.from({ length: BYPASS_CALLS }, () => "confirmations.link.view").join("%252C")}?batch=1` }),
  },
};

/** Another tenant verifying DIGIPINs with its own key, one request at a time, until `until`. */
async function victim(until: number, latencies: number[], answers: Map<string, number>): Promise<void> {
  const body = Buffer.from(JSON.stringify({ lat: 12.9716, lng: 77.5946 }));
  while (performance.now() < until) {
    const start = performance.now();
    const status = await request(server.port, { method: "POST", path: "/api/v1/digipin/encode", headers: { authorization: `Bearer ${bench.liveKey}` }, body });
    if (status === "200") latencies.push(performance.now() - start);
    else answers.set(`other tenant ${status}`, (answers.get(`other tenant ${status}`) ?? 0) + 1);
  }
}

let failed = false;
try {
  for (const name of FLOODS) {
    const scenario = scenarios[name];
    if (!scenario) throw new Error(`FLOOD names an unknown flood: ${name} (body, nested, batch)`);
    const idle = server.rss();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 250);
    const answers = new Map<string, number>();
    const latencies: number[] = [];
    // The flood alone first, for its CPU; then with the other tenant, for its latency.
    const cpuBefore = server.cpuSeconds();
    const alone = performance.now() + ALONE_SECONDS * 1000;
    const until = alone + SECONDS * 1000;
    let cpu = 0;
    const victimJoins = new Promise<void>((resolve) =>
      setTimeout(() => {
        cpu = server.cpuSeconds() - cpuBefore;
        resolve();
      }, alone - performance.now()),
    );
    let n = 0;
    await Promise.all([
      victimJoins.then(() => victim(until, latencies, answers)),
      ...Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const answer = await request(server.port, scenario.next(n++));
          answers.set(answer, (answers.get(answer) ?? 0) + 1);
        }
      }),
    ]);
    clearInterval(sampler);
    peak = Math.max(peak, server.rss());
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const flood = [...answers].filter(([a]) => !a.startsWith("other"));
    const total = flood.reduce((sum, [, c]) => sum + c, 0);
    const refused = flood.filter(([a]) => /^4\d\d$/.test(a)).reduce((sum, [, c]) => sum + c, 0);
    console.log(`\nflood ${name}: ${total} ${scenario.what} in ${ALONE_SECONDS + SECONDS} s from ${CONNECTIONS} connections`);
    console.log(`answers: ${[...answers].map(([a, c]) => `${a} ×${c}`).join(", ")}`);
    console.log(`server resident memory: ${mb(idle)} before, ${mb(peak)} at most during the flood (target: under 500 MB)`);
    console.log(`server CPU with the flood alone: ${cpu.toFixed(1)} s in ${ALONE_SECONDS} s = ${((100 * cpu) / ALONE_SECONDS).toFixed(0)} % of a core`);
    console.log(`another tenant's p95: ${p95.toFixed(1)} ms over ${latencies.length} DIGIPIN encodes, p50 ${percentile(latencies, 50).toFixed(1)} ms (target: under 100 ms)`);
    console.log(`every flood request refused with a 4xx: ${refused === total ? "yes" : `no (${total - refused} otherwise)`}`);
    if (refused !== total || peak >= 500 * 1024 * 1024 || !(p95 < 100)) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
  await bench.cleanup();
}
