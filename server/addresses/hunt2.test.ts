import fc from "fast-check";
import { it, expect } from "vitest";
import { normalizeAddress } from "./index";
const chars = fc.constantFrom(..."0123456789 ,-/.+()#&:aAbBkKpPnNoOsStTdDrRmM".split(""), "Road ", "No ", "Flat ", "Sector ", "Block ", "Near ", "Bangalore", "KA", "Delhi", "560038", "98450", "12345", "080", "+91", "S/O ", "Vill ", "Distt ", "3rd ", "Main ", "Cross ", "East", "Nagar", "st ", "Pin ", "\n", "H.No.", "PIN-", "Mob:", "Opp ", "Tower ", "Apts", "II", "Phase ", "A-", "Noida", "UP", "as", "Taluk", "Post ", "India");
it("idempotent on char soup", () => {
  fc.assert(fc.property(fc.array(chars, { maxLength: 40 }).map((a) => a.join("")), (text) => {
    const a = normalizeAddress(text);
    const b = normalizeAddress(a.normalized);
    expect(b.normalized).toBe(a.normalized);
    expect(b.components).toEqual(a.components);
  }), { numRuns: 100000 });
});
