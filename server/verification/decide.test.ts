import { describe, expect, it } from "vitest";
import type { NormalizedAddress } from "../addresses";
import type { ProviderResult } from "../provider";
import type { ValidationLevel } from "../../lib/words";
import { decide, emptyHistory, failedDeliveries, localReasons, type DecisionResult, type History } from "./decide";
import { DEFAULT_POLICY, decideUnder } from "../policy";
import { providerResult } from "../../test/provider-result";

const KNOWN_PIN = { code: "560066", district: "Bangalore", state: "Karnataka", city: "Bengaluru", places: ["Whitefield"], lat: 12.97, lng: 77.75 };

function address(signals: Partial<NormalizedAddress["signals"]> = {}, pincode: NormalizedAddress["pincode"] = KNOWN_PIN): NormalizedAddress {
  return {
    normalized: "Flat 302, Prestige Shantiniketan, Whitefield, Bengaluru, Karnataka 560066",
    components: { house: "Flat 302", building: null, street: null, locality: null, landmark: null, city: "Bengaluru", district: "Bangalore", state: "Karnataka", pincode: "560066" },
    pincode,
    signals: {
      pincodeInText: "560066",
      pincodeKnown: true,
      statedState: "Karnataka",
      statedCity: "Bengaluru",
      statedDistrict: null,
      stateMatchesPincode: true,
      cityMatchesPincode: true,
      hasHouseNumber: true,
      junk: false,
      ...signals,
    },
  };
}

const h = (counts: Partial<History>): History => ({ ...emptyHistory(), ...counts });
const codes = (r: { reasons: { code: string }[] }) => r.reasons.map((x) => x.code);

/** The decision policy version 1 gives from what is stored with the verification (server/policy). */
function underVersion1(r: DecisionResult, a: NormalizedAddress, history: History) {
  return decideUnder(DEFAULT_POLICY, {
    score: r.score,
    validation_level: r.validation_level,
    reason_codes: codes(r),
    payment_method: null,
    order_value: null,
    pincode: a.pincode?.code ?? null,
    state: a.pincode?.state ?? a.components.state,
    prior_returns: failedDeliveries(history),
  });
}

describe("the decision table", () => {
  it.each([
    // name, address signals, pincode entry, provider level, provider extra, history, decision, reason that must appear
    ["building match, known pincode, no contradiction", {}, KNOWN_PIN, "building", {}, {}, "SHIP", "provider_building_match"],
    ["street match only", {}, KNOWN_PIN, "street", {}, {}, "REVIEW", "provider_street_match"],
    ["locality match only", {}, KNOWN_PIN, "locality", {}, {}, "REVIEW", "provider_locality_match"],
    ["no provider match", {}, KNOWN_PIN, "none", {}, {}, "REVIEW", "provider_no_match"],
    ["building match but no house number", { hasHouseNumber: false }, KNOWN_PIN, "building", {}, {}, "REVIEW", "missing_house_number"],
    [
      "building match but unconfirmed parts",
      {},
      KNOWN_PIN,
      "building",
      { hasUnconfirmedComponents: true, unconfirmedComponentTypes: ["route"] },
      {},
      "REVIEW",
      "provider_unconfirmed_components",
    ],
    ["building match but city not in the pincode's area", { cityMatchesPincode: false, statedCity: "Mysuru" }, KNOWN_PIN, "building", {}, {}, "REVIEW", "pincode_city_mismatch"],
    [
      "building match but no pincode in the text",
      { pincodeInText: null, pincodeKnown: false, stateMatchesPincode: null, cityMatchesPincode: null },
      null,
      "building",
      {},
      {},
      "REVIEW",
      "pincode_missing",
    ],
    ["building match but an earlier RTO", {}, KNOWN_PIN, "building", {}, { rto: 1 }, "REVIEW", "prior_rto"],
    ["two failed deliveries and none delivered", {}, KNOWN_PIN, "building", {}, { rto: 1, address_issue: 1 }, "HOLD", "prior_rto"],
    ["two RTOs but also a delivery", {}, KNOWN_PIN, "building", {}, { rto: 2, delivered: 1 }, "REVIEW", "prior_delivered"],
    ["building match and earlier deliveries", {}, KNOWN_PIN, "building", {}, { delivered: 3 }, "SHIP", "prior_delivered"],
    ["lost and cancelled parcels say nothing of the address", {}, KNOWN_PIN, "building", {}, { lost: 2, cancelled: 3 }, "SHIP", "provider_building_match"],
    ["building match placed 300 km from the pincode", {}, KNOWN_PIN, "building", { location: { lat: 15.4, lng: 78.5 } }, {}, "REVIEW", "location_outside_pincode"],
    [
      "no pincode and the provider could not place it",
      { pincodeInText: null, pincodeKnown: false, stateMatchesPincode: null, cityMatchesPincode: null },
      null,
      "none",
      {},
      {},
      "HOLD",
      "pincode_missing",
    ],
  ] as const)("%s → %s", (_name, signals, pin, level, extra, history, decision, reasonCode) => {
    const a = address(signals, pin);
    const r = decide(a, providerResult(level, extra as Partial<ProviderResult>), h(history));
    expect(r.decision).toBe(decision);
    expect(codes(r)).toContain(reasonCode);
    // Replayed under decision policy version 1, from the stored facts alone: the same decision.
    expect(underVersion1(r, a, h(history))).toBe(decision);
  });

  it.each([
    ["junk text", { junk: true, hasHouseNumber: false }, KNOWN_PIN, "junk_text"],
    ["a pincode not in the directory", { pincodeInText: "999999", pincodeKnown: false, stateMatchesPincode: null, cityMatchesPincode: null }, null, "pincode_not_found"],
    ["a state that contradicts the pincode", { stateMatchesPincode: false, statedState: "Tamil Nadu" }, KNOWN_PIN, "pincode_state_mismatch"],
  ] as const)("%s is a certain HOLD, decided without the provider", (_name, signals, pin, reasonCode) => {
    const a = address(signals, pin);
    expect(localReasons(a).certainHold).toBe(true);
    const r = decide(a, null, emptyHistory());
    expect(r.decision).toBe("HOLD");
    expect(codes(r)).toContain(reasonCode);
    expect(r.score).toBeLessThanOrEqual(15);
    expect(underVersion1(r, a, emptyHistory())).toBe("HOLD");
  });

  it("suggests pincodes only when the written one is missing, unknown or contradicted", () => {
    const missing = address({ pincodeInText: null, pincodeKnown: false, stateMatchesPincode: null, cityMatchesPincode: null }, null);
    missing.components = { ...missing.components, locality: "Indiranagar", pincode: null };
    const r = decide(missing, providerResult("locality"), emptyHistory());
    expect(r.suggested_pincodes.map((x) => x.code)).toEqual(["560038"]);
    expect(codes(r)).toContain("pincode_suggested");
    const clean = decide(address(), providerResult("building"), emptyHistory());
    expect(clean.suggested_pincodes).toEqual([]);
    expect(codes(clean)).not.toContain("pincode_suggested");
  });

  it("keeps a building match inside the pincode's area, however far from its centre within it", () => {
    const r = decide(address(), providerResult("building", { location: { lat: 12.9, lng: 77.8 } }), emptyHistory());
    expect(r.decision).toBe("SHIP");
    expect(codes(r)).not.toContain("location_outside_pincode");
  });

  it("keeps scores in the bands a seller reads: SHIP ≥ 70, REVIEW 16–69, HOLD ≤ 15", () => {
    const levels: ValidationLevel[] = ["building", "street", "locality", "pincode", "none"];
    const histories = [{}, { delivered: 2 }, { rto: 1 }, { rto: 3 }, { rto: 2, delivered: 2 }];
    const signalSets = [{}, { hasHouseNumber: false }, { cityMatchesPincode: false, statedCity: "X" }, { junk: true }, { stateMatchesPincode: false, statedState: "Goa" }];
    for (const level of levels) {
      for (const history of histories) {
        for (const signals of signalSets) {
          const r = decide(address(signals), providerResult(level), h(history));
          expect(underVersion1(r, address(signals), h(history)), `${level} ${JSON.stringify(history)} ${JSON.stringify(signals)}`).toBe(r.decision);
          const [lo, hi] = { SHIP: [70, 100], REVIEW: [16, 69], HOLD: [0, 15] }[r.decision];
          expect(r.score, `${level} ${JSON.stringify(history)} ${JSON.stringify(signals)}`).toBeGreaterThanOrEqual(lo!);
          expect(r.score).toBeLessThanOrEqual(hi!);
          if (r.decision === "SHIP") expect(r.validation_level).toBe("building");
        }
      }
    }
  });

  it("reports the finest confirmed level: the provider's, else the pincode directory's", () => {
    expect(decide(address(), providerResult("street"), emptyHistory()).validation_level).toBe("street");
    expect(decide(address(), null, emptyHistory()).validation_level).toBe("pincode");
    expect(decide(address({ pincodeKnown: false, pincodeInText: "999999" }, null), null, emptyHistory()).validation_level).toBe("none");
    // A provider answer without a location confirms nothing finer than the pincode.
    expect(decide(address(), providerResult("locality", { location: null }), emptyHistory()).validation_level).toBe("pincode");
  });
});
