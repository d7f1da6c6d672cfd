/**
 * Database round trips of the hot path on PostgreSQL (docs/performance.md): the statements a live
 * verify and a batch row send, counted at `pg`'s client in this process (the server built as
 * `npm start` builds it, without pages; the simulator in process). Every statement the pool's
 * connections send is counted, whether ours or Prisma's, except the statements the runner's sweep
 * sends by itself (learnt while the server is idle) and the LISTEN sessions' heartbeats.
 * A count, not a time: the machine's load does not change it. Needs DATABASE_URL.
 */
import pg from "pg";
import { setupBench } from "./lib";

const VERIFIES = 50;
const BATCH_ROWS = 200;
const ADDRESSES = ["B-204, Sector 62, Noida, Uttar Pradesh 201309", "100 Feet Road, Indiranagar, Bengaluru 560038"];
/**
 * Round trips a verify may need: the one write, and before the provider call the read that reserves
 * a no-overage plan's unit (docs/performance.md); a plan with overage needs the write alone.
 */
const TARGET_PER_VERIFY = 2;

/** The LISTEN sessions (their heartbeats) and this benchmark's own connection, which watches the batch. */
const NOT_COUNTED = /^(dakiya listen|bench watch)/;
const statements = new Map<string, number>();
let counting = false;
const send = Reflect.get(pg.Client.prototype, "query") as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client & { connectionParameters?: { application_name?: string } }, ...args: unknown[]) {
  if (counting && !NOT_COUNTED.test(this.connectionParameters?.application_name ?? "")) {
    const q = args[0] as string | { text?: string };
    const text = (typeof q === "string" ? q : (q.text ?? "")).replace(/\s+/g, " ").trim().slice(0, 90);
    statements.set(text, (statements.get(text) ?? 0) + 1);
  }
  return send.apply(this, args);
} as typeof pg.Client.prototype.query;

async function during(run: () => Promise<void>): Promise<Map<string, number>> {
  statements.clear();
  counting = true;
  await run();
  counting = false;
  return new Map(statements);
}

/** What the runner sends by itself (its sweep, every 2 s), learnt while the server is idle for two sweeps: left out of every count. */
let background = new Set<string>();

async function counted(label: string, per: number, work: () => Promise<void>): Promise<number> {
  const all = await during(work);
  const own = [...all].filter(([text]) => !background.has(text));
  const total = own.reduce((a, [, n]) => a + n, 0);
  const left = [...all].reduce((a, [, n]) => a + n, 0) - total;
  console.log(`  ${label}: ${(total / per).toFixed(2)} database round trips each (${total} statements for ${per}; ${left} of the runner's sweep left out)`);
  for (const [text, n] of own.sort((a, b) => b[1] - a[1])) console.log(`    ${(n / per).toFixed(2)}  ${text}`);
  return total / per;
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log("round trips: skipped (set DATABASE_URL to a PostgreSQL server where the benchmark may create and drop a database)");
    return;
  }
  const { startSimulator } = await import("../../server/provider/simulator");
  const sim = await startSimulator({ port: 0, latencyMs: 5 });
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "16", DAKIYA_LOG_REQUESTS: "0", PORT: "0", HOST: "127.0.0.1" });
  const bench = await setupBench();
  const { startServer } = await import("../../server/http/main");
  const { db } = await import("../../server/db");
  const { createWorkspace, upsertPlan } = await import("../../server/workspaces");
  const server = await startServer({ pages: false });
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  // A plan without overage: its verifies reserve their unit before the provider call.
  await upsertPlan(db(), {
    id: "bench-capped",
    includedUnits: 10_000_000,
    batchCap: 1000,
    overagePaisePerUnit: null,
    testNormalizePerMinute: null,
    testPerMinute: null,
    livePerMinute: null,
  });
  const capped = await createWorkspace(db(), { name: "Bench capped", planId: "bench-capped" });
  const call = async (key: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { batch_id: string; status: string };
  };
  const verifies = (key: string) => async () => {
    for (let i = 0; i < VERIFIES; i++) await call(key, "/addresses/verify", { address: ADDRESSES[i % ADDRESSES.length], order_id: `RT-${i}` });
  };
  // The key caches, the prepared statements and the policy are warm, as they are after a server's first requests.
  await verifies(bench.liveKey)();
  await verifies(capped.live_key)();

  background = new Set((await during(() => new Promise((r) => setTimeout(r, 4_500)))).keys());

  console.log("PostgreSQL:");
  const perVerify = await counted("a live verify, plan with overage", VERIFIES, verifies(bench.liveKey));
  const perCapped = await counted("a live verify, plan without overage (the unit reserved in the read)", VERIFIES, verifies(capped.live_key));
  await counted("a batch row (1 batch of 200: create, work, complete; the batch's own statements included)", BATCH_ROWS, async () => {
    const { batch_id } = await call(bench.liveKey, "/addresses/verify/batch", {
      addresses: Array.from({ length: BATCH_ROWS }, (_, i) => ({ address: ADDRESSES[i % ADDRESSES.length], order_id: `RB-${i}` })),
    });
    // Watched on a connection of its own, so no request of the benchmark's is counted as the batch's.
    const watch = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "bench watch" });
    await watch.connect();
    try {
      while ((await watch.query<{ status: string }>("SELECT status::text FROM batches WHERE id = $1", [batch_id])).rows[0]?.status.match(/^(queued|processing)$/)) {
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await watch.end();
    }
  });
  for (const [label, n] of [
    ["with overage", perVerify],
    ["without overage", perCapped],
  ] as const) {
    console.log(`  round trips per verify, ${label}: ${n.toFixed(2)} (target ≤ ${TARGET_PER_VERIFY}) ${n <= TARGET_PER_VERIFY ? "met" : "NOT MET"}`);
  }
  await server.stop();
  await sim.close();
  await bench.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
