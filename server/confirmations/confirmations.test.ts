import { describe, expect, it } from "vitest";
import { deviceVerdict } from ".";
import { decide, deviceCheck, emptyHistory } from "../verification";
import { normalizeAddress } from "../addresses";
import { providerResult } from "../../test/provider-result";

// A point on 100 Feet Road, Indiranagar (pincode 560038), and one in Mumbai, about 840 km away.
const INDIRANAGAR = { lat: 12.97838, lng: 77.64079 };
const MUMBAI = { lat: 19.076, lng: 72.8777 };

describe("a buyer's device point", () => {
  it("is used when accurate, inside India and within 25 km of the written pincode", () => {
    expect(deviceVerdict({ ...INDIRANAGAR, accuracy_m: 12 }, "560038")).toBe("used");
    expect(deviceCheck("560038", INDIRANAGAR)).toEqual({ near: true, outside: null });
  });

  it("is not used farther than 25 km from the written pincode's post offices, and says how far", () => {
    expect(deviceVerdict({ ...MUMBAI, accuracy_m: 12 }, "560038")).toBe("far_from_pincode");
    const { near, outside } = deviceCheck("560038", MUMBAI);
    expect(near).toBe(false);
    expect(outside?.code).toBe("location_outside_pincode");
    expect(outside?.message).toMatch(/^The buyer's phone was \d+ km from pincode 560038's post offices, more than 25 km/);
  });

  it("is checked against nothing without a known pincode, so a submission does not use it", () => {
    expect(deviceVerdict({ ...INDIRANAGAR, accuracy_m: 12 }, null)).toBe("no_pincode");
    expect(deviceVerdict({ ...INDIRANAGAR, accuracy_m: 12 }, "999999")).toBe("no_pincode");
    expect(deviceCheck(null, INDIRANAGAR)).toEqual({ near: false, outside: null });
    expect(deviceCheck("999999", INDIRANAGAR)).toEqual({ near: false, outside: null });
  });

  it("keeps its other verdicts: coarse, outside India", () => {
    expect(deviceVerdict({ ...INDIRANAGAR, accuracy_m: 150 }, "560038")).toBe("inaccurate");
    expect(deviceVerdict({ lat: 51.5, lng: -0.12, accuracy_m: 5 }, "560038")).toBe("outside_india");
  });

  it("far from the pincode rules out SHIP for an address the provider confirmed to the building", () => {
    const address = normalizeAddress("Flat 12, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038");
    const building = providerResult("building", { location: INDIRANAGAR });
    expect(decide(address, building, emptyHistory()).decision).toBe("SHIP");
    const far = decide(address, building, emptyHistory(), deviceCheck("560038", MUMBAI).outside);
    expect(far.decision).toBe("REVIEW");
    expect(far.score).toBeLessThan(70);
    expect(far.reasons.map((r) => r.code)).toContain("location_outside_pincode");
  });
});
