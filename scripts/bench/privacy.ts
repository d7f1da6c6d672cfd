/**
 * The daily purge of buyers' data (issue 32; docs/privacy.md): 1,000,000 live verifications made 200
 * to 400 days ago (a third of them with an outcome) in one workspace of the default 180-day
 * retention, made in the database with generate_series and then VACUUM ANALYZE. The purge redacts
 * them all while verifications keep being recorded beside it (test-key verifies through the domain,
 * the same insert, roll-up trigger and indexes as a live one); it prints the purge's time, the
 * CPU time PostgreSQL spent (its backends' own, read from /proc when the server runs on this machine:
 * the figure the machine's load does not inflate), the verifies' latency before and during it, and
 * whether the analytics roll-ups moved. Target: under a
 * minute, verifies not blocked. PostgreSQL only (DATABASE_URL).
 */
import os from "node:os";
import pg from "pg";
import { processCpu, setupPostgresBench } from "./lib";

const ROWS = Number(process.env.BENCH_PRIVACY_ROWS ?? 1_000_000);

async function fill(client: pg.Client, workspaceId: string, n: number): Promise<void> {
  const CHUNK = 250_000;
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await client.query(
      `INSERT INTO verifications (id, workspace_id, livemode, order_id, input_address, address_key, normalized, components, decision, score,
         validation_level, reasons, pincode, location, digipin, history, provider_name, provider_called, reason_codes, pincode_code, state,
         delivery_probability, outcome, courier, created_at)
       SELECT 'ver_bench_' || g, $1, true, 'ORD-' || g, g || ' Bench Road, Bengaluru 560011', 'bench ' || g, g || ' Bench Road, Bengaluru, Karnataka 560011',
         jsonb_build_object('house', g::text, 'street', 'Bench Road', 'city', 'Bengaluru', 'state', 'Karnataka', 'pincode', '560011'),
         (CASE WHEN score >= 70 THEN 'SHIP' WHEN score <= 15 THEN 'HOLD' ELSE 'REVIEW' END)::"Decision", score, 'street'::"ValidationLevel",
         '[{"code":"provider_street_match","message":"m"}]'::jsonb, '{"code":"560011","district":"Bangalore","state":"Karnataka"}'::jsonb,
         jsonb_build_object('lat', 12.9, 'lng', 77.5, 'precision', 'street'), '4P3JK852C9', '{}'::jsonb, 'simulator', true,
         ARRAY['provider_street_match'], '560011', 'Karnataka', 0.8,
         (CASE WHEN g % 3 = 0 THEN (CASE WHEN g % 7 = 0 THEN 'rto' ELSE 'delivered' END) END)::"OutcomeKind", CASE WHEN g % 3 = 0 THEN 'Delhivery' END,
         now() - (400 - 200.0 * g / $4) * interval '1 day'
       FROM (SELECT g, (random() * 100)::int AS score FROM generate_series($2::int, $3::int) g) x`,
      [workspaceId, from, to, n],
    );
    await client.query(
      `INSERT INTO outcomes (id, workspace_id, verification_id, address_key, outcome, courier, created_at)
       SELECT 'out_bench_' || g, $1, 'ver_bench_' || g, 'bench ' || g, (CASE WHEN g % 7 = 0 THEN 'rto' ELSE 'delivered' END)::"OutcomeKind", 'Delhivery', now()
       FROM generate_series($2::int, $3::int) g WHERE g % 3 = 0`,
      [workspaceId, from, to],
    );
  }
}

/** CPU time (ms) of each backend serving the bench's database, from /proc; empty when the server is elsewhere. */
async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database()");
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpu(pid).cpuSeconds * 1000);
    } catch {
      // Not on this machine, or the backend has just ended.
    }
  }
  return cpu;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

async function main(): Promise<void> {
  const bench = await setupPostgresBench("privacy");
  if (!bench) return;
  const { connection, closeDatabase } = await import("../../server/db");
  const { purgeExpiredPersonalData } = await import("../../server/privacy");
  const { authenticate } = await import("../../server/keys");
  const { verify } = await import("../../server/verification");
  const { loadFixtures } = await import("../../server/verification/fixtures");
  const { rollUps } = await import("../../server/privacy/test-data");
  try {
    const db = connection().prisma;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const started = performance.now();
    await fill(client, bench.workspaceId, ROWS);
    console.log(`made ${ROWS.toLocaleString("en")} verifications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await client.query("VACUUM ANALYZE verifications");
    await client.query("VACUUM ANALYZE outcomes");
    const before = await rollUps(bench.workspaceId);
    const caller = await authenticate(db, `Bearer ${bench.testKey}`);
    const fixtures = loadFixtures().filter((f) => f.decision);
    const verifyOnce = async () => {
      const t = performance.now();
      await verify(db, caller, { address: fixtures[Math.floor(Math.random() * fixtures.length)]!.address });
      return performance.now() - t;
    };
    const idle: number[] = [];
    const idleCpuBefore = await backendCpu(client);
    for (let i = 0; i < 200; i++) idle.push(await verifyOnce());
    const idleCpuAfter = await backendCpu(client);
    let idleCpuMs = 0;
    for (const [pid, ms] of idleCpuAfter) idleCpuMs += ms - (idleCpuBefore.get(pid) ?? 0);
    // What PostgreSQL spends on one verify alone, to tell the purge's share from the verifies' beside it.
    const verifyCpuMs = idleCpuMs / idle.length;

    let purging = true;
    const during: number[] = [];
    const verifier = (async () => {
      while (purging) during.push(await verifyOnce());
    })();
    const cpuBefore = await backendCpu(client);
    const t0 = performance.now();
    const result = await purgeExpiredPersonalData(db).finally(() => (purging = false));
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = await backendCpu(client);
    await verifier;
    await client.end();
    let cpuMs = 0;
    for (const [pid, ms] of cpuAfter) cpuMs += ms - (cpuBefore.get(pid) ?? 0);
    const purgeCpuMs = cpuMs - verifyCpuMs * during.length;

    const after = await rollUps(bench.workspaceId);
    const unchanged = JSON.stringify(after) === JSON.stringify(before);
    console.log(
      `purge: ${result.redacted.verifications.toLocaleString("en")} verifications redacted in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.redacted.verifications / seconds).toLocaleString("en")}/s; target: 1,000,000 in under 60 s)`,
    );
    console.log(
      cpuAfter.size
        ? `PostgreSQL CPU during the purge: ${(cpuMs / 1000).toFixed(1)} s (${((cpuMs * 1000) / Math.max(1, result.redacted.verifications)).toFixed(0)} µs per verification, the verifies beside it included; ` +
            `the purge's own, less ${during.length} verifies at ${verifyCpuMs.toFixed(2)} ms each: ${(purgeCpuMs / 1000).toFixed(1)} s, ${((purgeCpuMs * 1000) / Math.max(1, result.redacted.verifications)).toFixed(0)} µs per verification; load average ${os
              .loadavg()
              .map((l) => l.toFixed(1))
              .join(" ")})`
        : "PostgreSQL CPU during the purge: not measured (the server is not on this machine)",
    );
    console.log(`verify while idle:   p50 ${quantile(idle, 0.5).toFixed(1)} ms, p99 ${quantile(idle, 0.99).toFixed(1)} ms, max ${Math.max(...idle).toFixed(1)} ms (${idle.length} calls)`);
    console.log(
      `verify during purge: p50 ${quantile(during, 0.5).toFixed(1)} ms, p99 ${quantile(during, 0.99).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms (${during.length} calls)`,
    );
    console.log(`analytics roll-ups unchanged by the purge: ${unchanged ? "yes" : "NO"}`);
    if (!unchanged || result.redacted.verifications < ROWS) process.exitCode = 1;
  } finally {
    await closeDatabase();
    await bench.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
