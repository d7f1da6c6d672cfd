import { describe, expect, it } from "vitest";
import { canonicalCourier, COURIER_MAX_LENGTH } from "./courier";

/** One name per courier, whatever the spelling a seller or a courier's CSV uses. */
describe("canonicalCourier", () => {
  it.each([
    ["Delhivery", ["Delhivery", "DELHIVERY", " delhivery pvt. ltd.", "Delhivery Express", "Delhivery Private Limited", "Ｄｅｌｈｉｖｅｒｙ"]],
    ["Blue Dart", ["Blue Dart", "BlueDart Express Ltd", "blue-dart", "BLUE DART EXPRESS"]],
    ["Ecom Express", ["Ecom Express", "ECOM EXPRESS PVT LTD", "ecom"]],
    ["Xpressbees", ["XpressBees", "Xpress Bees", "xpressbees logistics"]],
    ["Shadowfax", ["Shadowfax", "Shadowfax Technologies Pvt Ltd"]],
    ["DTDC", ["DTDC", "dtdc express ltd", "D.T.D.C."]],
    ["India Post", ["India Post", "Speed Post", "SPEEDPOST", "indiapost"]],
    ["Ekart", ["Ekart Logistics", "eKart", "Flipkart"]],
    ["Amazon Shipping", ["Amazon Shipping", "Amazon Transportation Services", "amazon"]],
    ["Shiprocket", ["Shiprocket", "shiprocket courier"]],
  ])("folds the usual spellings of %s", (name, spellings) => {
    for (const s of spellings) expect(canonicalCourier(s)).toBe(name);
  });

  it("folds case, spacing, punctuation and company suffixes of couriers it does not know, in title case", () => {
    for (const s of ["ABC Couriers", "abc  couriers.", "A.B.C. Pvt Ltd"]) expect(canonicalCourier(s)).toBe(canonicalCourier("ABC Couriers"));
    expect(canonicalCourier("sri ganesh transport")).toBe("Sri Ganesh Transport");
    expect(canonicalCourier("Express")).toBe("Express");
  });
});

describe("canonicalCourier: nothing left", () => {
  it.each([undefined, null, "", "   ", "---", ".,;"])("%j is no courier (null, reported as unknown)", (s) => {
    expect(canonicalCourier(s)).toBeNull();
  });
});

describe("canonicalCourier: hostile names", () => {
  it(`keeps at most ${COURIER_MAX_LENGTH} characters, with no invisible or control characters`, () => {
    const long = canonicalCourier("x".repeat(100))!;
    expect(long.length).toBe(COURIER_MAX_LENGTH);
    expect(canonicalCourier("Delhi\u200bvery\u0000 \u202eLtd")).toBe("Delhivery");
    expect(canonicalCourier("Blue\u0007Dart\u2028Express")).toBe("Blue Dart");
    expect(canonicalCourier("ब्लू  डार्ट।")).toBe("ब्लू डार्ट");
  });

  it("reads only the start of a 2 MiB name, folded to the bound", () => {
    expect(canonicalCourier("Delhivery " + "Logistics ".repeat(200_000))).toBe("Delhivery");
    expect(canonicalCourier("a, ".repeat(700_000))!.length).toBeLessThanOrEqual(COURIER_MAX_LENGTH);
  });
});
