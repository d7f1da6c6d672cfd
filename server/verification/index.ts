import { addressKey, normalizeAddress, suggestPincodes, type NormalizedAddress, type SuggestedPincode } from "../addresses";
import { now } from "../clock";
import { query, type Db } from "../db";
import { encodeDigipin, DIGIPIN_BOUNDS } from "../digipin";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import type { Caller } from "../keys";
import { parseValidationResponse } from "../provider/google";
import { getProvider, type ProviderResult, type ValidationLevel } from "../provider";
import { simulate } from "../provider/simulator";
import { billingPeriod, capOf, chargeCtes, COST_TENTHS, quotaExhausted } from "../quota";
import { decide, emptyHistory, localReasons, type Decision, type History, type OutcomeKind } from "./decide";
import { findFixture } from "./fixtures";
import type { Reason } from "./reasons";

export { decide, emptyHistory, OUTCOMES, type Decision, type History, type OutcomeKind } from "./decide";
export { REASONS, type ReasonCode, type Reason } from "./reasons";

/** The contract's Verification record, as the API returns it. */
export interface Verification {
  verification_id: string;
  order_id: string | null;
  livemode: boolean;
  decision: Decision;
  score: number;
  validation_level: ValidationLevel;
  reasons: Reason[];
  normalized: string;
  components: NormalizedAddress["components"];
  pincode: { code: string; district: string; state: string } | null;
  location: { lat: number; lng: number; precision: ValidationLevel } | null;
  digipin: string | null;
  suggested_pincodes: SuggestedPincode[];
  history: History;
  provider: { name: string; called: boolean };
  created_at: string;
}

export interface VerifyInput {
  address: string;
  order_id?: string | null;
}

/** An address parsed once, with what a verification derives from that parse before any I/O. */
export interface PreparedAddress {
  input: VerifyInput;
  address: NormalizedAddress;
  addressKey: string;
  local: ReturnType<typeof localReasons>;
}

export function prepareAddress(input: VerifyInput): PreparedAddress {
  const address = normalizeAddress(input.address);
  return { input, address, addressKey: addressKey(address), local: localReasons(address) };
}

/** What the decision and the quota's early check need from the database: one read. */
export interface ReadContext {
  history(addressKey: string): History;
  /** Tenths used this period so far (0 when nothing was charged yet). */
  usedTenths: number;
}

/**
 * Delivery outcomes reported in the workspace for these normalised addresses, and the period's
 * usage, in one query (raw SQL: it runs for every live verification, or once per claimed group of
 * batch rows).
 */
export async function readContext(db: Db, workspaceId: string, addressKeys: string[]): Promise<ReadContext> {
  const keys = addressKeys.length ? Prisma.join([...new Set(addressKeys)]) : Prisma.sql`NULL`;
  const rows = await query<{ address_key: string | null; outcome: OutcomeKind | null; n: number }>(
    db,
    Prisma.sql`
    SELECT address_key, outcome::text AS outcome, count(*)::int AS n FROM outcomes
    WHERE workspace_id = ${workspaceId} AND address_key IN (${keys}) GROUP BY address_key, outcome
    UNION ALL
    SELECT NULL, NULL, used_tenths FROM usage_periods WHERE workspace_id = ${workspaceId} AND period = ${billingPeriod()}`,
  );
  const histories = new Map<string, History>();
  let usedTenths = 0;
  for (const r of rows) {
    if (r.address_key === null) {
      usedTenths = r.n;
      continue;
    }
    let h = histories.get(r.address_key);
    if (!h) histories.set(r.address_key, (h = emptyHistory()));
    h[r.outcome!] = r.n;
  }
  return { history: (key) => histories.get(key) ?? emptyHistory(), usedTenths };
}

function locate(address: NormalizedAddress, provider: ProviderResult | null, level: ValidationLevel): Verification["location"] {
  if (provider?.location) return { ...provider.location, precision: level === "none" ? "locality" : level };
  if (address.pincode) return { lat: address.pincode.lat, lng: address.pincode.lng, precision: "pincode" };
  return null;
}

function inBounds(p: { lat: number; lng: number }): boolean {
  return p.lat >= DIGIPIN_BOUNDS.minLat && p.lat <= DIGIPIN_BOUNDS.maxLat && p.lng >= DIGIPIN_BOUNDS.minLng && p.lng <= DIGIPIN_BOUNDS.maxLng;
}

/** A 4 m code only for a point the provider fixed to a building or street (contract: DIGIPIN). */
function digipinOf(location: Verification["location"]): string | null {
  if (!location || (location.precision !== "building" && location.precision !== "street") || !inBounds(location)) return null;
  return encodeDigipin(location.lat, location.lng);
}

function record(
  id: string,
  input: VerifyInput,
  livemode: boolean,
  address: NormalizedAddress,
  provider: { name: string; result: ProviderResult | null; called: boolean },
  history: History,
): Verification {
  const result = decide(address, provider.result, history);
  const location = locate(address, provider.result, result.validation_level);
  return {
    verification_id: id,
    order_id: input.order_id ?? null,
    livemode,
    ...result,
    normalized: address.normalized,
    components: address.components,
    pincode: address.pincode ? { code: address.pincode.code, district: address.pincode.district, state: address.pincode.state } : null,
    location,
    digipin: digipinOf(location),
    history,
    provider: { name: provider.name, called: provider.called },
    created_at: now().toISOString(),
  };
}

/** A verification as stored: the record and what the API does not return. */
export interface StoredRecord {
  v: Verification;
  keyId: string | null;
  inputAddress: string;
  addressKey: string;
  /** Charge ledger reference (a batch row's `row:<id>`; a single verify's own id). */
  ref?: string;
  /** The batch row this verification settles. */
  rowId?: string;
}

/**
 * A CTE of verification records (and their charge ids, refs and batch rows) passed as one JSON
 * parameter, so one statement records any number of them.
 */
export function recordsCte(name: string, records: StoredRecord[]): Prisma.Sql {
  const json = JSON.stringify(
    records.map(({ v, keyId, inputAddress, addressKey, ref, rowId }) => ({
      id: v.verification_id,
      row_id: rowId ?? null,
      charge_id: newId("chg"),
      ref: ref ?? v.verification_id,
      key_id: keyId,
      livemode: v.livemode,
      order_id: v.order_id,
      input_address: inputAddress,
      address_key: addressKey,
      normalized: v.normalized,
      components: v.components,
      decision: v.decision,
      score: v.score,
      validation_level: v.validation_level,
      reasons: v.reasons,
      pincode: v.pincode,
      location: v.location,
      digipin: v.digipin,
      history: v.history,
      provider_name: v.provider.name,
      provider_called: v.provider.called,
      created_at: v.created_at,
    })),
  );
  return Prisma.sql`${Prisma.raw(name)} AS (
    SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(
      id text, row_id text, charge_id text, ref text, key_id text, livemode boolean, order_id text, input_address text,
      address_key text, normalized text, components jsonb, decision text, score int, validation_level text, reasons jsonb,
      pincode jsonb, location jsonb, digipin text, history jsonb, provider_name text, provider_called boolean, created_at timestamptz))`;
}

/** The statement part that inserts the records of CTE `source` (filtered by `when`, e.g. "the charge was paid"). */
export function insertRecordsCte(name: string, source: string, workspaceId: string, when: Prisma.Sql = Prisma.sql`TRUE`): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(name)} AS (
    INSERT INTO verifications (id, workspace_id, key_id, livemode, order_id, input_address, address_key, normalized, components, decision,
      score, validation_level, reasons, pincode, location, digipin, history, provider_name, provider_called, created_at)
    SELECT id, ${workspaceId}, key_id, livemode, order_id, input_address, address_key, normalized, components, decision::"Decision",
      score, validation_level::"ValidationLevel", reasons, pincode, location, digipin, history, provider_name, provider_called, created_at
    FROM ${Prisma.raw(source)} WHERE ${when})`;
}

/**
 * A test key's verification: fixtures only, simulated in-process from the same simulator rules as
 * live ones, deterministic, free, never counted in history.
 */
async function verifyTest(db: Db, caller: Caller, input: VerifyInput): Promise<Verification> {
  const p = prepareAddress(input);
  const fixture = findFixture(p.addressKey);
  if (!fixture) {
    throw new DakiyaError(
      "test_fixture_required",
      "Test keys can verify only the documented fixture addresses (fixtures/test-addresses.json, also listed in the API reference). Use a live key for any other address.",
    );
  }
  if (fixture.error) {
    throw new DakiyaError(fixture.error.code, `Simulated provider failure for this fixture (${fixture.description}).`, {
      headers: fixture.error.code === "provider_unavailable" ? { "Retry-After": "30" } : undefined,
    });
  }
  const result = p.local.certainHold ? null : parseValidationResponse(JSON.stringify(simulate([input.address])));
  const v = record(newId("ver_test"), input, false, p.address, { name: "simulator", result, called: false }, emptyHistory());
  const stored: StoredRecord = { v, keyId: caller.keyId, inputAddress: input.address, addressKey: p.addressKey };
  await query(db, Prisma.sql`WITH ${recordsCte("src", [stored])}, ${insertRecordsCte("recorded", "src", caller.workspaceId)} SELECT 1`);
  return v;
}

type ProviderAnswer = { name: string; result: ProviderResult | null; called: boolean };

/** The provider's answer for a prepared address, or null when the address is already certain to be HOLD. */
export async function consultProvider(p: PreparedAddress, signal?: AbortSignal): Promise<ProviderAnswer> {
  const provider = getProvider();
  if (p.local.certainHold) return { name: provider?.name ?? "none", result: null, called: false };
  if (!provider) {
    throw new DakiyaError("provider_unavailable", "No validation provider is configured (DAKIYA_PROVIDER=none), and this address cannot be decided without one.", {
      headers: { "Retry-After": "60" },
    });
  }
  return { name: provider.name, result: await provider.validate([p.input.address], { signal }), called: true };
}

/** The live record of a prepared address once the provider has answered. */
export function liveRecord(p: PreparedAddress, answer: ProviderAnswer, history: History): Verification {
  return record(newId("ver"), p.input, true, p.address, answer, history);
}

/**
 * A live verification, with two database round trips besides the provider call (docs/performance.md):
 * one read (history and usage) while the provider answers, and one statement that records the
 * verification and its charge together. A no-overage plan reads first, so a workspace out of units
 * is refused before a provider call is paid for; the write's conditional charge is what guarantees
 * the limit under concurrency. A provider failure records nothing and costs nothing.
 */
export async function verifyLive(db: Db, caller: Caller, input: VerifyInput, opts: { signal?: AbortSignal } = {}): Promise<Verification> {
  const p = prepareAddress(input);
  const charge = { workspaceId: caller.workspaceId, plan: caller.plan, operation: "verify" as const };
  const cap = capOf(caller.plan);
  let context: ReadContext;
  let answer: Awaited<ReturnType<typeof consultProvider>>;
  if (cap !== null) {
    context = await readContext(db, caller.workspaceId, [p.addressKey]);
    if (context.usedTenths + COST_TENTHS.verify > cap) throw quotaExhausted();
    answer = await consultProvider(p, opts.signal);
  } else {
    [context, answer] = await Promise.all([readContext(db, caller.workspaceId, [p.addressKey]), consultProvider(p, opts.signal)]);
  }
  const v = liveRecord(p, answer, context.history(p.addressKey));
  const stored: StoredRecord = { v, keyId: caller.keyId, inputAddress: input.address, addressKey: p.addressKey };
  const [row] = await query<{ paid: number }>(
    db,
    Prisma.sql`
    WITH ${recordsCte("src", [stored])}, ${chargeCtes("src", charge)},
    ${insertRecordsCte("recorded", "src", caller.workspaceId, Prisma.sql`EXISTS (SELECT 1 FROM paid)`)}
    SELECT count(*)::int AS paid FROM paid`,
  );
  if (!row?.paid) throw quotaExhausted();
  return v;
}

export function verify(db: Db, caller: Caller, input: VerifyInput): Promise<Verification> {
  return caller.livemode ? verifyLive(db, caller, input) : verifyTest(db, caller, input);
}

/** An earlier verification as the console shows it: the record, the address as sent, and its outcome if reported. */
export interface StoredVerification extends Verification {
  address: string;
  outcome: OutcomeKind | null;
}

/** Look-up by verification id or order id, in one workspace only; newest first. */
export async function findVerifications(db: Db, workspaceId: string, idOrOrderId: string): Promise<StoredVerification[]> {
  const rows = await db.verification.findMany({
    where: { workspaceId, OR: [{ id: idOrOrderId }, { orderId: idOrOrderId }] },
    include: { outcome: { select: { outcome: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
  });
  return rows.map((r) => ({
    verification_id: r.id,
    order_id: r.orderId,
    livemode: r.livemode,
    decision: r.decision,
    score: r.score,
    validation_level: r.validationLevel,
    reasons: r.reasons as unknown as Reason[],
    normalized: r.normalized,
    components: r.components as unknown as Verification["components"],
    pincode: r.pincode as Verification["pincode"],
    location: r.location as Verification["location"],
    digipin: r.digipin,
    suggested_pincodes: suggestPincodes(normalizeAddress(r.inputAddress)),
    history: r.history as unknown as History,
    provider: { name: r.providerName, called: r.providerCalled },
    created_at: r.createdAt.toISOString(),
    address: r.inputAddress,
    outcome: r.outcome?.outcome ?? null,
  }));
}
