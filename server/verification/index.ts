import { normalizationKey, normalizeAddress, suggestPincodes, type NormalizedAddress, type SuggestedPincode } from "../addresses";
import { now } from "../clock";
import type { Db, DbOrTx, Tx } from "../db";
import { encodeDigipin, DIGIPIN_BOUNDS } from "../digipin";
import { DakiyaError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import type { Caller } from "../keys";
import { parseValidationResponse } from "../provider/google";
import { getProvider, type ProviderResult, type ValidationLevel } from "../provider";
import { simulate } from "../provider/simulator";
import { assertCanCharge, charge } from "../quota";
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

/** Delivery outcomes already reported in this workspace for addresses with this normalised form. */
export async function historyFor(db: DbOrTx, workspaceId: string, addressKey: string): Promise<History> {
  // Raw SQL: on the hot path of every live verification, and Prisma's groupBy costs several times more.
  const rows = await db.$queryRaw<{ outcome: OutcomeKind; n: number }[]>`
    SELECT outcome::text AS outcome, count(*)::int AS n FROM outcomes WHERE workspace_id = ${workspaceId} AND address_key = ${addressKey} GROUP BY outcome`;
  const history = emptyHistory();
  for (const r of rows) history[r.outcome] = r.n;
  return history;
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

async function save(db: DbOrTx, v: Verification, ctx: { workspaceId: string; keyId: string | null; input: VerifyInput; addressKey: string }) {
  await db.verification.create({
    data: {
      id: v.verification_id,
      workspaceId: ctx.workspaceId,
      keyId: ctx.keyId,
      livemode: v.livemode,
      orderId: v.order_id,
      inputAddress: ctx.input.address,
      addressKey: ctx.addressKey,
      normalized: v.normalized,
      components: v.components as unknown as Prisma.InputJsonValue,
      decision: v.decision,
      score: v.score,
      validationLevel: v.validation_level,
      reasons: v.reasons as unknown as Prisma.InputJsonValue,
      pincode: (v.pincode ?? undefined) as Prisma.InputJsonValue | undefined,
      location: (v.location ?? undefined) as Prisma.InputJsonValue | undefined,
      digipin: v.digipin,
      history: v.history as Prisma.InputJsonValue,
      providerName: v.provider.name,
      providerCalled: v.provider.called,
      createdAt: new Date(v.created_at),
    },
  });
}

/**
 * A test key's verification: fixtures only, simulated in-process from the same simulator rules as
 * live ones, deterministic, free, never counted in history.
 */
async function verifyTest(db: Db, caller: Caller, input: VerifyInput): Promise<Verification> {
  const fixture = findFixture(input.address);
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
  const address = normalizeAddress(input.address);
  const local = localReasons(address);
  const result = local.certainHold ? null : parseValidationResponse(JSON.stringify(simulate([input.address])));
  const v = record(newId("ver_test"), input, false, address, { name: "simulator", result, called: false }, emptyHistory());
  await save(db, v, { workspaceId: caller.workspaceId, keyId: caller.keyId, input, addressKey: normalizationKey(input.address) });
  return v;
}

/**
 * A live verification: local checks, then the provider unless the address is already certain to
 * be HOLD, then the record and its charge in one transaction. A provider failure records nothing
 * and costs nothing. `chargeRef` makes the charge idempotent (batch rows).
 */
export interface LiveOptions {
  chargeRef?: string;
  signal?: AbortSignal;
  /** More work for the same transaction as the record and its charge (a batch row's settlement). */
  inTransaction?: (tx: Tx, v: Verification) => Promise<void>;
}

export async function verifyLive(db: Db, caller: Caller, input: VerifyInput, opts: LiveOptions = {}): Promise<Verification> {
  const address = normalizeAddress(input.address);
  const addressKey = normalizationKey(input.address);
  const local = localReasons(address);
  await assertCanCharge(db, caller.workspaceId, caller.plan, "verify");
  const provider = getProvider();
  if (!local.certainHold && !provider) {
    throw new DakiyaError("provider_unavailable", "No validation provider is configured (DAKIYA_PROVIDER=none), and this address cannot be decided without one.", {
      headers: { "Retry-After": "60" },
    });
  }
  // The history read overlaps the provider call rather than adding to it.
  const [history, result] = await Promise.all([
    historyFor(db, caller.workspaceId, addressKey),
    local.certainHold ? null : provider!.validate([input.address], { signal: opts.signal }),
  ]);
  const id = newId("ver");
  const v = record(id, input, true, address, { name: provider?.name ?? "none", result, called: result !== null }, history);
  await db.$transaction(async (tx) => {
    await charge(tx, { workspaceId: caller.workspaceId, plan: caller.plan, operation: "verify", ref: opts.chargeRef ?? id });
    await save(tx, v, { workspaceId: caller.workspaceId, keyId: caller.keyId, input, addressKey });
    await opts.inTransaction?.(tx, v);
  });
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
