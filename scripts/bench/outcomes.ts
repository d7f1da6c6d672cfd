/**
 * The decision policy preview and outcome analytics on the production server (issue 24's figures;
 * docs/decision-policy.md), on PostgreSQL only (DATABASE_URL): one workspace with 100,000 live
 * verifications over the last 90 days for `POST /policy/preview` (target ≤ 2 s), another with
 * 1,000,000 over the last 30 days for `GET /analytics/outcomes` (target ≤ 1 s). The rows are made
 * in the database with generate_series (scores, decisions, reasons, pincodes, payment methods,
 * outcomes and couriers drawn at random, returns likelier at low scores and for COD), then
 * VACUUM ANALYZE, as a database that has lived a while would be. Each call is timed five times
 * from the client after one warm-up; the median and the slowest are printed. Then the policy that
 * once exhausted the heap (47 order-value thresholds and 2,000 named pincodes) is previewed over the
 * 1,000,000-row workspace, once alone and then eight at once (one runs, the others are 429), with the
 * server's peak RSS sampled throughout (issue 29; docs/decision-policy.md).
 */
import pg from "pg";
import { setupPostgresBench, startProductionServer } from "./lib";

const PREVIEW_ROWS = Number(process.env.BENCH_PREVIEW_ROWS ?? 100_000);
const ANALYTICS_ROWS = Number(process.env.BENCH_ANALYTICS_ROWS ?? 1_000_000);
const RUNS = 5;
const COD_RULE = {
  ship_min_score: 70,
  hold_max_score: 15,
  rules: [
    { if: { payment_method: "cod", score_below: 70 }, then: "HOLD" },
    { if: { reasons: ["pincode_suggested"] }, then: "REVIEW" },
    { if: { order_value_above: 5000, validation_below: "building" }, then: "REVIEW" },
    { if: { pincodes: ["110093", "800001", "226010"] }, then: "REVIEW" },
  ],
};

/** The policy of issue 29: 47 order-value thresholds and 2,000 pincodes (110000–111999, those the fill draws). */
const WIDE_POLICY = {
  ship_min_score: 75,
  hold_max_score: 20,
  rules: [
    ...Array.from({ length: 47 }, (_, i) => ({ if: { order_value_above: 150 * (i + 1), score_below: 30 + i }, then: i % 2 ? "HOLD" : "REVIEW" })),
    { if: { pincodes: Array.from({ length: 1000 }, (_, i) => String(110000 + i)), payment_method: "cod" }, then: "HOLD" },
    { if: { pincodes: Array.from({ length: 1000 }, (_, i) => String(111000 + i)), states: ["Delhi", "Bihar"] }, then: "REVIEW" },
  ],
};

/** The server's largest RSS while `run` runs, sampled every 50 ms. */
async function peakRss<T>(server: { rss(): number }, run: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = server.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
  try {
    const result = await run();
    return { result, peakMb: Math.max(peak, server.rss()) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** `n` verifications of `workspaceId` over the last `days` days, in chunks so no one statement holds everything. */
async function fill(client: pg.Client, workspaceId: string, n: number, days: number): Promise<void> {
  const CHUNK = 250_000;
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await client.query(
      `INSERT INTO verifications (id, workspace_id, livemode, order_id, input_address, address_key, normalized, components, decision, score,
         validation_level, reasons, pincode, history, provider_name, provider_called, payment_method, order_value, reason_codes, pincode_code,
         state, prior_returns, policy_version, delivery_probability, synthetic, outcome, courier, created_at)
       SELECT $1 || '_' || g, $2, true, 'B-' || g, 'bench address', 'bench ' || (g % 50000), 'bench address', '{}'::jsonb,
         (CASE WHEN score >= 70 THEN 'SHIP' WHEN score <= 15 THEN 'HOLD' ELSE 'REVIEW' END)::"Decision", score,
         (CASE WHEN score >= 70 THEN 'building' WHEN score >= 50 THEN 'street' WHEN score >= 30 THEN 'locality' ELSE 'pincode' END)::"ValidationLevel",
         '[]'::jsonb, jsonb_build_object('code', pin, 'district', 'Bench', 'state', st), '{}'::jsonb, 'simulator', true,
         (CASE WHEN cod THEN 'cod' ELSE 'prepaid' END)::"PaymentMethod", round((300 + r3 * 8000)::numeric, 0),
         CASE WHEN score < 20 THEN ARRAY['junk_text', 'pincode_not_found'] WHEN score < 50 THEN ARRAY['missing_house_number', 'provider_street_match']
              WHEN score < 70 THEN ARRAY['pincode_suggested', 'provider_building_match'] ELSE ARRAY['provider_building_match'] END,
         pin, st, (r4 < 0.05)::int, 1, round((0.6 + 0.0035 * score)::numeric, 2), true,
         (CASE WHEN r5 < 0.1 THEN NULL WHEN r5 < 0.12 THEN 'cancelled' WHEN r5 < 0.13 THEN 'lost'
               WHEN r6 < (0.04 + 0.4 * (1 - score / 100.0) ^ 2) * (CASE WHEN cod THEN 2.2 ELSE 1 END) THEN 'rto' ELSE 'delivered' END)::"OutcomeKind",
         (ARRAY['Delhivery', 'Ecom Express', 'Blue Dart', 'Shadowfax', 'XpressBees'])[1 + (g % 5)],
         now() - r7 * ($3 || ' days')::interval
       FROM (SELECT g, (random() * 100)::int AS score, random() < 0.55 AS cod, (110000 + (random() * 2000)::int)::text AS pin,
               (ARRAY['Delhi', 'Karnataka', 'Bihar', 'Maharashtra', 'Uttar Pradesh'])[1 + (g % 5)] AS st,
               random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7
             FROM generate_series($4::int, $5::int) g) x`,
      [`ver_bench_${workspaceId.slice(3, 9)}`, workspaceId, String(days), from, to],
    );
  }
}

async function time(label: string, target: number, call: () => Promise<Response>): Promise<void> {
  const first = await call();
  if (!first.ok) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await call();
    await res.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)]!;
  console.log(`${label}: median ${median.toFixed(0)} ms, slowest ${times[RUNS - 1]!.toFixed(0)} ms of ${RUNS} (target ≤ ${target} ms)`);
}

async function main(): Promise<void> {
  const bench = await setupPostgresBench("outcomes");
  if (!bench) return;
  const { connection, closeDatabase } = await import("../../server/db");
  const { createWorkspace } = await import("../../server/workspaces");
  const preview = await createWorkspace(connection().prisma, { name: "Bench preview", planId: "bench" });
  await closeDatabase();
  const client = new pg.Client({ connectionString: bench.env.DATABASE_URL });
  await client.connect();
  let started = performance.now();
  await fill(client, preview.workspace_id, PREVIEW_ROWS, 90);
  await fill(client, bench.workspaceId, ANALYTICS_ROWS, 30);
  await client.query("VACUUM ANALYZE verifications");
  console.log(`made ${PREVIEW_ROWS.toLocaleString("en")} + ${ANALYTICS_ROWS.toLocaleString("en")} verifications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.end();

  const server = await startProductionServer(bench.env);
  try {
    started = performance.now();
    const post = (key: string, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    await time(`POST /policy/preview over ${PREVIEW_ROWS.toLocaleString("en")} verifications (90 days, four rules)`, 2000, () =>
      post(preview.live_key, "/policy/preview", { policy: COD_RULE }),
    );
    await time(`GET /analytics/outcomes over ${ANALYTICS_ROWS.toLocaleString("en")} verifications (30 days)`, 1000, () =>
      fetch(`${server.url}/analytics/outcomes`, { headers: { authorization: `Bearer ${bench.liveKey}` } }),
    );
    const wide = () => post(bench.liveKey, "/policy/preview", { policy: WIDE_POLICY });
    const alone = await peakRss(server, async () => {
      const t = performance.now();
      const res = await wide();
      await res.text();
      return { status: res.status, ms: performance.now() - t };
    });
    console.log(
      `POST /policy/preview, 47 thresholds + 2,000 pincodes, over ${ANALYTICS_ROWS.toLocaleString("en")} verifications: ${alone.result.status} in ${alone.result.ms.toFixed(0)} ms, server peak RSS ${alone.peakMb.toFixed(0)} MB`,
    );
    const eight = await peakRss(server, () => Promise.all(Array.from({ length: 8 }, () => wide().then(async (res) => (await res.text(), res.status)))));
    const statuses = eight.result.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});
    console.log(`the same, eight at once: ${JSON.stringify(statuses)} (status: count), server peak RSS ${eight.peakMb.toFixed(0)} MB`);
    console.log(`server RSS at the end: ${(server.rss() / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await server.stop();
    await bench.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
