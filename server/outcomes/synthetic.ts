import { nowMs } from "../clock";
import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { lookupPincode } from "../addresses";
import { newId } from "../ids";
import { parseValidationResponse } from "../provider/google";
import { simulate } from "../provider/simulator";
import { deciderFor, insertRecordsCte, liveRecord, prepareAddress, readContext, recordsCte, type StoredRecord } from "../verification";
import type { OutcomeKind, PaymentMethod } from "../../lib/words";
import { canonicalCourier } from "./courier";
import { refreshCurve } from "./probability";

/**
 * `dakiya demo outcomes`: synthetic live verifications with reported outcomes, for a demo workspace
 * and the bench (docs/decision-policy.md, "Synthetic outcomes"). Addresses are made from templates
 * over real pincodes and verified by the decision engine with the provider simulator in process;
 * they cost no units and carry `synthetic = true`. Outcomes follow a fixed model (returns likelier at
 * low scores, for cash on delivery and in three pincodes), from a seeded generator, so a run with the
 * same seed and clock makes the same figures.
 */

/** Cities with a pincode each; the first three are the model's troubled pincodes. */
const PINCODES = [
  "110093",
  "800001",
  "226010",
  "560066",
  "500028",
  "201309",
  "560038",
  "700016",
  "400053",
  "600040",
  "411014",
  "380015",
  "302017",
  "682024",
  "141001",
  "462016",
  "751024",
  "781006",
];
export const HOT_PINCODES = PINCODES.slice(0, 3);
const STREETS = ["MG Road", "Station Road", "Main Road", "2nd Cross Road", "Temple Street", "Gandhi Nagar Road", "Nehru Street"];
const BUILDINGS = ["Sai Residency", "Green Park Apartments", "Lotus Towers", "Shanti Niwas", "Krishna Enclave"];
const COURIERS: [string, number][] = [
  ["Delhivery", 0.35],
  ["Ecom Express", 0.2],
  ["Blue Dart", 0.15],
  ["Shadowfax", 0.15],
  ["XpressBees", 0.15],
];
const RETURN_KINDS: [OutcomeKind, number][] = [
  ["rto", 0.6],
  ["customer_refused", 0.25],
  ["address_issue", 0.15],
];
export const DAYS = 90;
/** Verifications younger than this have an outcome only half the time (still in transit). */
const SETTLED_AFTER_DAYS = 5;
const CHUNKS = 10;
const DAY_MS = 86_400_000;

/** mulberry32: small, fast, seeded. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, items: readonly [T, number][]): T {
  let x = random();
  for (const [item, w] of items) {
    if ((x -= w) < 0) return item;
  }
  return items[items.length - 1]![0];
}

/**
 * The address pool: shapes per pincode from complete flats to junk, each with a weight (how often a
 * seller sees it), so every decision and most score bands occur, SHIP most often.
 */
function addressPool(): [(n: number) => string, number][] {
  const pool: [(n: number) => string, number][] = [];
  PINCODES.forEach((code, i) => {
    const e = lookupPincode(code);
    if (!e) return;
    const city = e.city ?? e.district;
    const locality = e.places[0] ?? city;
    const street = STREETS[i % STREETS.length]!;
    const building = BUILDINGS[i % BUILDINGS.length]!;
    const otherState = e.state === "Kerala" ? "Punjab" : "Kerala";
    pool.push(
      [(n) => `Flat ${100 + n}, ${building}, ${street}, ${locality}, ${city}, ${e.state} ${code}`, 30],
      [(n) => `House No. ${n}, ${street}, ${locality}, ${city}, ${e.state} ${code}`, 15],
      [() => `${building}, ${street}, ${locality}, ${city} ${code}`, 10],
      [() => `${street}, ${locality}, ${city} ${code}`, 10],
      [() => `Near Hanuman Mandir, ${locality}, ${city} ${code}`, 8],
      [(n) => `Plot ${n}, ${locality}, ${city} ${code}`, 8],
      [(n) => `${n}, ${street}, ${locality}, ${city}, ${e.state}`, 5],
      [(n) => `${n}, ${street}, ${city}, ${otherState} ${code}`, 3],
    );
  });
  pool.push([() => "asdfgh qwerty 999999", 20], [() => "xyz xyz 123 000000", 20]);
  return pool;
}

/** The model's chance that a shipped parcel comes back (docs/decision-policy.md). */
export function returnChance(score: number, cod: boolean, hotPincode: boolean): number {
  const base = 0.04 + 0.4 * (1 - score / 100) ** 2;
  return Math.min(0.9, base * (cod ? 2.2 : 1) * (hotPincode ? 2.5 : 1));
}

export interface SyntheticResult {
  workspace_id: string;
  verifications: number;
  outcomes: number;
}

/**
 * Makes `count` verifications spread evenly over the last 90 days, oldest first, in ten chunks; after
 * each chunk its outcomes are recorded and the delivery curve refreshed, so later verifications carry
 * the probability learnt so far, as they would in use.
 */
export async function makeSyntheticOutcomes(db: Db, workspaceId: string, opts: { count?: number; seed?: number } = {}): Promise<SyntheticResult> {
  const count = opts.count ?? 2000;
  const random = generator(opts.seed ?? 24);
  const pool = addressPool();
  const totalWeight = pool.reduce((n, [, w]) => n + w, 0);
  const shapes = pool.map(([make, w]): [(n: number) => string, number] => [make, w / totalWeight]);
  // Each distinct address is parsed and simulated once; house numbers 1–40 make repeat buyers, whose history then counts.
  const prepared = new Map<string, { p: ReturnType<typeof prepareAddress>; answer: { name: string; result: ReturnType<typeof parseValidationResponse> | null; called: boolean } }>();
  const prepare = (address: string) => {
    let x = prepared.get(address);
    if (!x) {
      const p = prepareAddress({ address });
      x = { p, answer: { name: "simulator", result: p.local.certainHold ? null : parseValidationResponse(JSON.stringify(simulate([address]))), called: false } };
      prepared.set(address, x);
    }
    return x;
  };
  const start = nowMs() - DAYS * DAY_MS;
  let outcomes = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    const from = Math.floor((chunk * count) / CHUNKS);
    const to = Math.floor(((chunk + 1) * count) / CHUNKS);
    if (from === to) continue;
    const chosen = Array.from({ length: to - from }, () => prepare(weighted(random, shapes)(1 + Math.floor(random() * 40))));
    const context = await readContext(
      db,
      workspaceId,
      chosen.map((x) => x.p.addressKey),
      { withSynthetic: true },
    );
    const decider = await deciderFor(db, workspaceId, context);
    const records: StoredRecord[] = [];
    const reported: { verification_id: string; address_key: string; outcome: OutcomeKind; courier: string; created_at: string }[] = [];
    for (let i = from; i < to; i++) {
      const { p, answer } = chosen[i - from]!;
      const payment: PaymentMethod = random() < 0.55 ? "cod" : "prepaid";
      const orderValue = Math.round(Math.exp(Math.log(300) + random() * Math.log(8000 / 300)));
      const createdMs = start + Math.floor(((i + random()) / count) * DAYS * DAY_MS);
      const input = { address: p.input.address, order_id: `DEMO-${String(i + 1).padStart(6, "0")}`, payment_method: payment, order_value: orderValue };
      const v = { ...liveRecord({ ...p, input }, answer, context.history(p.addressKey), decider), created_at: new Date(createdMs).toISOString() };
      records.push({ v, keyId: null, inputAddress: input.address, addressKey: p.addressKey, synthetic: true });
      const ageDays = (nowMs() - createdMs) / DAY_MS;
      if (ageDays < SETTLED_AFTER_DAYS && random() < 0.5) continue;
      const x = random();
      const chance = returnChance(v.score, payment === "cod", HOT_PINCODES.includes(v.pincode?.code ?? ""));
      const outcome: OutcomeKind = x < 0.02 ? "cancelled" : x < 0.03 ? "lost" : random() < chance ? weighted(random, RETURN_KINDS) : "delivered";
      reported.push({
        verification_id: v.verification_id,
        address_key: p.addressKey,
        outcome,
        courier: weighted(random, COURIERS),
        created_at: new Date(createdMs + 4 * DAY_MS).toISOString(),
      });
    }
    await insertChunk(db, workspaceId, records, reported);
    outcomes += reported.length;
    await refreshCurve(db, workspaceId, { force: true });
  }
  return { workspace_id: workspaceId, verifications: count, outcomes };
}

async function insertChunk(
  db: Db,
  workspaceId: string,
  records: StoredRecord[],
  reported: { verification_id: string; address_key: string; outcome: OutcomeKind; courier: string; created_at: string }[],
) {
  for (let i = 0; i < records.length; i += 500) {
    await query(db, Prisma.sql`WITH ${recordsCte("src", records.slice(i, i + 500))}, ${insertRecordsCte("recorded", "src", workspaceId)} SELECT 1`);
  }
  const json = JSON.stringify(reported.map((r) => ({ ...r, courier: canonicalCourier(r.courier), id: newId("out") })));
  await query(
    db,
    Prisma.sql`
    WITH input AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(id text, verification_id text, address_key text, outcome text, courier text, created_at timestamptz)),
    inserted AS (
      INSERT INTO outcomes (id, workspace_id, verification_id, address_key, outcome, courier, created_at)
      SELECT id, ${workspaceId}, verification_id, address_key, outcome::"OutcomeKind", courier, created_at FROM input
      ON CONFLICT (verification_id) DO NOTHING RETURNING verification_id, outcome, courier)
    UPDATE verifications SET outcome = inserted.outcome, courier = inserted.courier FROM inserted WHERE verifications.id = inserted.verification_id`,
  );
}
