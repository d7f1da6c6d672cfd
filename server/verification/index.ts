import { addressKey, normalizeAddress, suggestPincodes, type NormalizedAddress, type SuggestedPincode } from "../addresses";
import { now } from "../clock";
import { query, type Db } from "../db";
import { encodeDigipin, DIGIPIN_BOUNDS } from "../digipin";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import type { Caller } from "../keys";
import { parseValidationResponse } from "../provider/google";
import { getProvider, type ProviderResult } from "../provider";
import { simulate } from "../provider/simulator";
import { billingPeriod, capOf, chargeCtes, quotaExhausted, releaseReservation, reserveCtes, reservedSql, type Charge } from "../quota";
import { decide, deviceCheck, emptyHistory, failedDeliveries, localReasons, type History } from "./decide";
import { policyOfVersion, versionInForceSql, type DecisionFacts } from "../policy";
import { probabilityOf, refreshCurve } from "../outcomes/probability";
import { findFixture } from "./fixtures";
import { curveDue, curveOf, historyKey, knownState, remember, stateColumnsSql, stateFromRow, stateMatchesSql, stateNowCte, type StateRow, type WorkspaceState } from "./state";
import type { Reason } from "./reasons";
import type { Decision, OutcomeKind, PaymentMethod, ValidationLevel } from "../../lib/words";

export { decide, DEVICE_MAX_KM, deviceCheck, emptyHistory, type History } from "./decide";
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
  location: { lat: number; lng: number; precision: ValidationLevel | "device" } | null;
  digipin: string | null;
  suggested_pincodes: SuggestedPincode[];
  history: History;
  provider: { name: string; called: boolean };
  /** Calibrated chance of delivery, learnt from this workspace's outcomes (server/outcomes/probability.ts). */
  delivery_probability: number;
  /** The workspace's decision policy version that decided. */
  policy_version: number;
  payment_method: PaymentMethod | null;
  order_value: number | null;
  created_at: string;
}

export interface VerifyInput {
  address: string;
  order_id?: string | null;
  payment_method?: PaymentMethod | null;
  order_value?: number | null;
}

/** How a workspace decides right now: its policy version in force and its learnt delivery curve. */
export interface Decider {
  version: number;
  decide: (facts: DecisionFacts) => Decision;
  curve: readonly number[] | null;
}

/** What a buyer's confirmation (server/confirmations) adds to a verification. */
export interface VerifyOptions {
  /**
   * The buyer's own device point, checked by the caller (accurate, inside India): the location,
   * precision `device`, and its DIGIPIN when it lies near the written pincode (deviceCheck); else
   * the record carries `location_outside_pincode` and is located as any other.
   */
  device?: { lat: number; lng: number };
  /** Test mode: simulate an address the buyer typed, which need not be a documented fixture. */
  anyAddress?: boolean;
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
  /** Whether the units asked for with `reserve` are held. */
  reserved: boolean;
  /** The policy version in force and the workspace's delivery curve as stored (./state.ts). */
  state: WorkspaceState;
}

/**
 * Delivery outcomes reported in the workspace for these normalised addresses, the period's usage,
 * the policy version in force and the delivery curve, in one query (raw SQL: it runs for every live
 * verification, or once per claimed group of batch rows). Each row says what it carries in `kind`.
 * The demo's synthetic outcomes are history only for the demo's own synthetic verifications
 * (`withSynthetic`): a real order never borrows made-up returns.
 */
export async function readContext(
  db: Db,
  workspaceId: string,
  addressKeys: string[],
  opts: { reserve?: { ref: string; charge: Charge }; withSynthetic?: boolean } = {},
): Promise<ReadContext> {
  const { reserve } = opts;
  const keys = addressKeys.length ? Prisma.join([...new Set(addressKeys)]) : Prisma.sql`NULL`;
  const rows = await query<{ kind: "history" | "usage" | "policy" | "curve" | "reserved"; key: string | null; text: string | null; n: number; at: Date | null }>(
    db,
    Prisma.sql`
    ${reserve ? Prisma.sql`WITH ${reserveCtes(reserve.ref, reserve.charge)} SELECT 'reserved' AS kind, NULL AS key, NULL AS text, ${reservedSql(reserve.ref)}::int AS n, NULL::timestamptz AS at UNION ALL` : Prisma.empty}
    SELECT 'history' AS kind, o.address_key AS key, o.outcome::text AS text, count(*)::int AS n, NULL::timestamptz AS at
    FROM outcomes o JOIN verifications v ON v.id = o.verification_id
    WHERE o.workspace_id = ${workspaceId} AND o.address_key IN (${keys}) AND (${opts.withSynthetic === true} OR NOT v.synthetic) GROUP BY o.address_key, o.outcome
    UNION ALL
    SELECT 'usage', NULL, NULL, used_tenths, NULL FROM usage_periods WHERE workspace_id = ${workspaceId} AND period = ${billingPeriod()}
    UNION ALL
    SELECT 'policy', NULL, NULL, ${versionInForceSql(workspaceId)}, NULL
    UNION ALL
    SELECT 'curve', NULL, probabilities::text, stale::int, computed_at FROM delivery_curves WHERE workspace_id = ${workspaceId}`,
  );
  const histories = new Map<string, History>();
  const state: WorkspaceState = { policyVersion: 1, curveText: null, curveStale: false, curveComputedAt: null };
  const context: ReadContext = { history: (key) => histories.get(key) ?? emptyHistory(), usedTenths: 0, reserved: false, state };
  for (const r of rows) {
    if (r.kind === "usage") context.usedTenths = r.n;
    else if (r.kind === "reserved") context.reserved = r.n === 1;
    else if (r.kind === "policy") state.policyVersion = r.n;
    else if (r.kind === "curve") Object.assign(state, { curveText: r.text!, curveStale: r.n === 1, curveComputedAt: new Date(r.at!) });
    else {
      let h = histories.get(r.key!);
      if (!h) histories.set(r.key!, (h = emptyHistory()));
      h[r.text as OutcomeKind] = r.n;
    }
  }
  return context;
}

/**
 * The workspace's decider for a verification made now (`version`: a batch's own version instead of
 * the one in force).
 */
export async function deciderFor(db: Db, workspaceId: string, context: ReadContext, version = context.state.policyVersion): Promise<Decider> {
  return (await deciderOfState(db, workspaceId, context.state, version)).decider;
}

/**
 * The decider of a policy version and a stored curve, and the curve text it decides by: a curve due
 * for a refresh is refreshed first (at most once a minute).
 */
async function deciderOfState(db: Db, workspaceId: string, state: WorkspaceState, version = state.policyVersion): Promise<{ decider: Decider; curveText: string | null }> {
  const policy = await policyOfVersion(db, workspaceId, version);
  const refreshed = curveDue(state) ? await refreshCurve(db, workspaceId) : null;
  const curveText = refreshed ? JSON.stringify(refreshed) : state.curveText;
  return { decider: { version, decide: policy.decide, curve: refreshed ?? curveOf(state) }, curveText };
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

/** What the policy reads of a verification; the same facts are stored with it for later re-decisions. */
export function factsOf(v: Pick<Verification, "score" | "validation_level" | "reasons" | "payment_method" | "order_value" | "pincode" | "components" | "history">): DecisionFacts {
  return {
    score: v.score,
    validation_level: v.validation_level,
    reason_codes: v.reasons.map((r) => r.code),
    payment_method: v.payment_method,
    order_value: v.order_value,
    pincode: v.pincode?.code ?? null,
    state: v.pincode?.state ?? v.components.state,
    prior_returns: failedDeliveries(v.history),
  };
}

function record(
  id: string,
  input: VerifyInput,
  livemode: boolean,
  address: NormalizedAddress,
  provider: { name: string; result: ProviderResult | null; called: boolean },
  history: History,
  decider: Decider,
  device?: VerifyOptions["device"],
): Verification {
  const checked = device && inBounds(device) ? deviceCheck(address.pincode?.code ?? null, device) : null;
  const { decision: _engine, ...result } = decide(address, provider.result, history, checked?.outside ?? null);
  // The buyer's point, when near the written pincode, instead of the provider's or the pincode's.
  const location = device && checked?.near ? { lat: device.lat, lng: device.lng, precision: "device" as const } : locate(address, provider.result, result.validation_level);
  const pincode = address.pincode ? { code: address.pincode.code, district: address.pincode.district, state: address.pincode.state } : null;
  const payment_method = input.payment_method ?? null;
  const order_value = input.order_value ?? null;
  const facts = factsOf({ ...result, payment_method, order_value, pincode, components: address.components, history });
  return {
    verification_id: id,
    order_id: input.order_id ?? null,
    livemode,
    decision: decider.decide(facts),
    ...result,
    normalized: address.normalized,
    components: address.components,
    pincode,
    location,
    digipin: location?.precision === "device" ? encodeDigipin(location.lat, location.lng) : digipinOf(location),
    history,
    provider: { name: provider.name, called: provider.called },
    delivery_probability: probabilityOf(decider.curve, result.score),
    policy_version: decider.version,
    payment_method,
    order_value,
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
  /** Made by `dakiya demo outcomes`. */
  synthetic?: boolean;
}

/**
 * A CTE of verification records (and their charge ids, refs and batch rows) passed as one JSON
 * parameter, so one statement records any number of them.
 */
export function recordsCte(name: string, records: StoredRecord[]): Prisma.Sql {
  const json = JSON.stringify(
    records.map(({ v, keyId, inputAddress, addressKey, ref, rowId, synthetic }) => ({
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
      payment_method: v.payment_method,
      order_value: v.order_value,
      reason_codes: v.reasons.map((r) => r.code),
      pincode_code: v.pincode?.code ?? null,
      state: v.pincode?.state ?? v.components.state,
      prior_returns: failedDeliveries(v.history),
      policy_version: v.policy_version,
      delivery_probability: v.delivery_probability,
      synthetic: synthetic === true,
      created_at: v.created_at,
    })),
  );
  return Prisma.sql`${Prisma.raw(name)} AS (
    SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(
      id text, row_id text, charge_id text, ref text, key_id text, livemode boolean, order_id text, input_address text,
      address_key text, normalized text, components jsonb, decision text, score int, validation_level text, reasons jsonb,
      pincode jsonb, location jsonb, digipin text, history jsonb, provider_name text, provider_called boolean, payment_method text, order_value float8,
      reason_codes text[], pincode_code text, state text, prior_returns int, policy_version int, delivery_probability float8, synthetic boolean,
      created_at timestamptz))`;
}

/** The statement part that inserts the records of CTE `source` (filtered by `when`, e.g. "the charge was paid"). */
export function insertRecordsCte(name: string, source: string, workspaceId: string, when: Prisma.Sql = Prisma.sql`TRUE`): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(name)} AS (
    INSERT INTO verifications (id, workspace_id, key_id, livemode, order_id, input_address, address_key, normalized, components, decision,
      score, validation_level, reasons, pincode, location, digipin, history, provider_name, provider_called, payment_method, order_value,
      reason_codes, pincode_code, state, prior_returns, policy_version, delivery_probability, synthetic, created_at)
    SELECT id, ${workspaceId}, key_id, livemode, order_id, input_address, address_key, normalized, components, decision::"Decision",
      score, validation_level::"ValidationLevel", reasons, pincode, location, digipin, history, provider_name, provider_called,
      payment_method::"PaymentMethod", order_value, reason_codes, pincode_code, state, prior_returns, policy_version, delivery_probability, synthetic, created_at
    FROM ${Prisma.raw(source)} WHERE ${when})`;
}

/**
 * A test key's verification: fixtures only (except the address a buyer typed on a test confirmation
 * link), simulated in-process from the same simulator rules as live ones, deterministic, free, never
 * counted in history.
 */
async function verifyTest(db: Db, caller: Caller, input: VerifyInput, opts: VerifyOptions = {}): Promise<Verification> {
  const p = prepareAddress(input);
  const fixture = findFixture(p.addressKey);
  if (!fixture && !opts.anyAddress) {
    throw new DakiyaError(
      "test_fixture_required",
      "Test keys can verify only the documented fixture addresses (fixtures/test-addresses.json, also listed in the API reference). Use a live key for any other address.",
    );
  }
  if (fixture?.error) {
    throw new DakiyaError(fixture.error.code, `Simulated provider failure for this fixture (${fixture.description}).`, {
      headers: fixture.error.code === "provider_unavailable" ? { "Retry-After": "30" } : undefined,
    });
  }
  const result = p.local.certainHold ? null : parseValidationResponse(JSON.stringify(simulate([input.address])));
  const decider = await deciderFor(db, caller.workspaceId, await readContext(db, caller.workspaceId, []));
  const v = record(newId("ver_test"), input, false, p.address, { name: "simulator", result, called: false }, emptyHistory(), decider, opts.device);
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
export function liveRecord(p: PreparedAddress, answer: ProviderAnswer, history: History, decider: Decider, device?: VerifyOptions["device"], id = newId("ver")): Verification {
  return record(id, p.input, true, p.address, answer, history, decider, device);
}

/**
 * A live verification, with one database round trip besides the provider call (docs/performance.md):
 * one statement records the verification and its charge together, decided by the policy version,
 * curve and history this process last saw (./state.ts), and only if those are still what the
 * database holds; else it answers what it holds, and the verification is decided by that and written
 * again, unconditionally (as a verify that read beside its provider call would be).
 * A workspace this process has not seen yet is read beside the provider call. On a no-overage plan
 * a read first reserves the unit, and the provider is called only once it is held (released if the
 * call fails, by the sweep if the process dies), so a burst on any number of instances pays the
 * provider for no call it then refuses. A provider failure records nothing and costs nothing.
 */
export async function verifyLive(db: Db, caller: Caller, input: VerifyInput, opts: { signal?: AbortSignal } & Pick<VerifyOptions, "device"> = {}): Promise<Verification> {
  const p = prepareAddress(input);
  const { workspaceId } = caller;
  const charge = { workspaceId, plan: caller.plan, operation: "verify" as const };
  const id = newId("ver");
  const seen = (context: ReadContext) => ({ state: context.state, history: context.history(p.addressKey) });
  const cacheKey = historyKey(workspaceId, p.addressKey);
  let known = knownState(workspaceId, cacheKey);
  let answer: ProviderAnswer;
  if (capOf(caller.plan) !== null) {
    const context = await readContext(db, workspaceId, [p.addressKey], { reserve: { ref: id, charge } });
    if (!context.reserved) throw quotaExhausted();
    known = seen(context);
    try {
      answer = await consultProvider(p, opts.signal);
    } catch (err) {
      await releaseReservation(db, id).catch(() => {});
      throw err;
    }
  } else if (known) {
    answer = await consultProvider(p, opts.signal);
  } else {
    let context: ReadContext;
    [context, answer] = await Promise.all([readContext(db, workspaceId, [p.addressKey]), consultProvider(p, opts.signal)]);
    known = seen(context);
  }
  for (let write = 1; ; write++) {
    const { decider, curveText } = await deciderOfState(db, workspaceId, known.state);
    // The second write is decided by the state the first one answered, fresh from the database: it needs no check.
    const holds = write === 1 ? stateMatchesSql("state_now", { policyVersion: decider.version, curveText, history: known.history }) : Prisma.sql`TRUE`;
    const v = liveRecord(p, answer, known.history, decider, opts.device, id);
    const stored: StoredRecord = { v, keyId: caller.keyId, inputAddress: input.address, addressKey: p.addressKey };
    const [row] = await query<StateRow & { paid: number; decided: boolean }>(
      db,
      Prisma.sql`
      WITH ${stateNowCte("state_now", workspaceId, p.addressKey)}, ${recordsCte("decided", [stored])},
      src AS (SELECT * FROM decided WHERE ${holds}),
      ${chargeCtes("src", charge)},
      ${insertRecordsCte("recorded", "src", workspaceId, Prisma.sql`EXISTS (SELECT 1 FROM paid)`)}
      SELECT (SELECT count(*)::int FROM paid) AS paid, EXISTS (SELECT 1 FROM src) AS decided, ${stateColumnsSql("state_now")} FROM state_now`,
    );
    const current = stateFromRow(row!);
    remember(workspaceId, cacheKey, current.state, current.history);
    if (row!.decided) {
      if (!row!.paid) throw quotaExhausted();
      return v;
    }
    known = current;
  }
}

export function verify(db: Db, caller: Caller, input: VerifyInput, opts: VerifyOptions = {}): Promise<Verification> {
  return caller.livemode ? verifyLive(db, caller, input, { device: opts.device }) : verifyTest(db, caller, input, opts);
}

/** An earlier verification as the console shows it: the record, the address as sent, and its outcome if reported. */
export interface StoredVerification extends Verification {
  address: string;
  outcome: OutcomeKind | null;
  /** Made by `dakiya demo outcomes`, not by a request. */
  synthetic: boolean;
}

/** Look-up by verification id or order id, in one workspace only; newest first. */
export async function findVerifications(db: Db, workspaceId: string, idOrOrderId: string): Promise<StoredVerification[]> {
  const rows = await db.verification.findMany({
    where: { workspaceId, OR: [{ id: idOrOrderId }, { orderId: idOrOrderId }] },
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
    delivery_probability: r.deliveryProbability,
    policy_version: r.policyVersion,
    payment_method: r.paymentMethod,
    order_value: r.orderValue,
    created_at: r.createdAt.toISOString(),
    address: r.inputAddress,
    outcome: r.outcome,
    synthetic: r.synthetic,
  }));
}
