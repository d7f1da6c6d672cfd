import { distanceKm, pincodeArea, suggestPincodes, type NormalizedAddress, type SuggestedPincode } from "../addresses";
import type { ProviderResult } from "../provider";
import type { Decision, OutcomeKind, ValidationLevel } from "../../lib/words";
import { reason, type Reason } from "./reasons";

/**
 * The decision engine: pure, so the table in docs/decisions.md is the code's behaviour.
 * SHIP needs building-level validation, a known pincode and no contradiction; HOLD is for
 * addresses very likely undeliverable; everything else is REVIEW. Scores fall in bands a seller
 * can read: SHIP 70–100, REVIEW 16–69, HOLD 0–15.
 */
export type History = Record<OutcomeKind, number>;

export function emptyHistory(): History {
  return { delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 };
}

/** Outcomes that say the address (or its recipient) did not take the parcel. */
export function failedDeliveries(h: History): number {
  return h.rto + h.customer_refused + h.address_issue;
}

export interface DecisionResult {
  decision: Decision;
  score: number;
  validation_level: ValidationLevel;
  reasons: Reason[];
  suggested_pincodes: SuggestedPincode[];
}

/** Base score for the finest level that was confirmed. */
export const BASE_SCORE: Record<ValidationLevel, number> = { building: 85, street: 60, locality: 40, pincode: 30, none: 10 };

/**
 * Checks that need no provider. When they already make the address HOLD, the provider is not
 * called: its answer could not change the decision.
 */
export function localReasons(address: NormalizedAddress): { reasons: Reason[]; certainHold: boolean } {
  const { signals, pincode } = address;
  const reasons: Reason[] = [];
  let certainHold = false;
  if (signals.junk) {
    reasons.push(reason("junk_text"));
    certainHold = true;
  }
  if (signals.pincodeInText === null) reasons.push(reason("pincode_missing"));
  else if (!signals.pincodeKnown) {
    reasons.push(reason("pincode_not_found", `Pincode ${signals.pincodeInText} is not in India Post's directory.`));
    certainHold = true;
  }
  if (pincode && signals.stateMatchesPincode === false) {
    reasons.push(reason("pincode_state_mismatch", `The address says ${signals.statedState} but pincode ${pincode.code} is in ${pincode.state}.`));
    certainHold = true;
  }
  if (pincode && signals.cityMatchesPincode === false) {
    reasons.push(reason("pincode_city_mismatch", `${signals.statedCity} is not in the area of pincode ${pincode.code} (${pincode.district}, ${pincode.state}).`));
  }
  if (!signals.hasHouseNumber && !signals.junk) reasons.push(reason("missing_house_number"));
  return { reasons, certainHold };
}

/** The provider's geocode when it lies outside the written pincode's area, with how far out. */
function outsidePincode(address: NormalizedAddress, p: ProviderResult | null): Reason | null {
  if (!p?.location || !address.pincode) return null;
  const area = pincodeArea(address.pincode.code);
  if (!area) return null;
  const km = distanceKm(area.lat, area.lng, p.location.lat, p.location.lng);
  if (km <= area.radiusKm) return null;
  return reason(
    "location_outside_pincode",
    `The provider placed the address ${Math.round(km)} km from the centre of pincode ${address.pincode.code}, outside its area (${area.radiusKm} km).`,
  );
}

/** How far from the written pincode's post offices a buyer's device point may lie and still be the address's location. */
export const DEVICE_MAX_KM = 25;

/**
 * Whether the buyer's device point may be the location: only within DEVICE_MAX_KM of the written
 * pincode's centre (the directory's point for its post offices; no office has coordinates of its
 * own). A point farther away is the reason `location_outside_pincode`; without a known pincode there
 * is nothing to check it against, so it is not used either.
 */
export function deviceCheck(pincode: string | null, device: { lat: number; lng: number }): { near: boolean; outside: Reason | null } {
  const area = pincode ? pincodeArea(pincode) : null;
  if (!area) return { near: false, outside: null };
  const km = distanceKm(area.lat, area.lng, device.lat, device.lng);
  if (km <= DEVICE_MAX_KM) return { near: true, outside: null };
  return {
    near: false,
    outside: reason("location_outside_pincode", `The buyer's phone was ${Math.round(km)} km from pincode ${pincode}'s post offices, more than ${DEVICE_MAX_KM} km: its point was not used.`),
  };
}

function providerReasons(p: ProviderResult): Reason[] {
  const reasons: Reason[] = [];
  if (p.level === "building") reasons.push(reason("provider_building_match"));
  else if (p.level === "street") reasons.push(reason("provider_street_match"));
  else if (p.level === "locality" && p.location) reasons.push(reason("provider_locality_match"));
  else reasons.push(reason("provider_no_match"));
  if (p.hasUnconfirmedComponents && p.unconfirmedComponentTypes.length) {
    reasons.push(reason("provider_unconfirmed_components", `The provider could not confirm: ${p.unconfirmedComponentTypes.join(", ")}.`));
  }
  return reasons;
}

function historyReasons(h: History): Reason[] {
  const reasons: Reason[] = [];
  const failed = failedDeliveries(h);
  if (failed > 0) reasons.push(reason("prior_rto", `${failed} earlier parcel${failed === 1 ? "" : "s"} to this address came back (RTO, refused or address issue).`));
  if (h.delivered > 0) reasons.push(reason("prior_delivered", `${h.delivered} earlier parcel${h.delivered === 1 ? " was" : "s were"} delivered to this address.`));
  return reasons;
}

/** The finest level confirmed: the provider's, else the pincode directory's. */
function levelOf(address: NormalizedAddress, provider: ProviderResult | null): ValidationLevel {
  if (provider && provider.location && provider.level !== "none") return provider.level;
  return address.signals.pincodeKnown ? "pincode" : "none";
}

/** `deviceOutside`: the buyer's device point lay too far from the written pincode (deviceCheck), a contradiction like the provider's. */
export function decide(address: NormalizedAddress, provider: ProviderResult | null, history: History, deviceOutside: Reason | null = null): DecisionResult {
  const local = localReasons(address);
  const outside = outsidePincode(address, provider) ?? deviceOutside;
  const suggested = suggestPincodes(address);
  const reasons = [...local.reasons, ...(provider ? providerReasons(provider) : []), ...(outside ? [outside] : []), ...historyReasons(history)];
  if (suggested.length > 0) {
    const list = suggested.map((s) => `${s.code} (${s.locality}, ${s.district})`).join(", ");
    reasons.push(reason("pincode_suggested", `The rest of the address points to ${suggested.length === 1 ? "pincode" : "pincodes"} ${list}.`));
  }
  const has = (code: Reason["code"]) => reasons.some((r) => r.code === code);
  const level = levelOf(address, provider);
  const failed = failedDeliveries(history);

  let score = BASE_SCORE[level];
  if (address.signals.pincodeKnown) score += 5;
  if (has("provider_unconfirmed_components")) score -= 10;
  if (has("missing_house_number")) score -= 10;
  if (has("pincode_missing")) score -= 10;
  if (has("pincode_city_mismatch")) score -= 15;
  if (outside) score -= 20;
  score += Math.min(2, history.delivered) * 5;
  score -= Math.min(2, failed) * 20;

  let decision: Decision;
  const contradiction = has("pincode_state_mismatch") || has("pincode_city_mismatch") || has("provider_unconfirmed_components") || outside !== null;
  // Nothing a courier could go to: no pincode, and the provider could not place the text either.
  const nowhere = address.signals.pincodeInText === null && level === "none";
  if (local.certainHold || nowhere || (failed >= 2 && history.delivered === 0)) {
    decision = "HOLD";
    score = Math.min(score, 15);
  } else if (level === "building" && address.signals.pincodeKnown && address.signals.hasHouseNumber && !contradiction && failed === 0) {
    decision = "SHIP";
  } else {
    decision = "REVIEW";
    score = Math.min(Math.max(score, 16), 69);
  }
  return { decision, score: Math.max(0, Math.min(100, score)), validation_level: level, reasons, suggested_pincodes: suggested };
}
