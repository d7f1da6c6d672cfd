import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BANDS, bandOf, learnCurve, pav, PRIOR_CURVE, PRIOR_WEIGHT, probabilityOf } from "./probability";

const none = () => Array.from({ length: BANDS }, () => ({ outcomes: 0, delivered: 0 }));

describe("the delivery curve", () => {
  it("is the prior when nothing was reported", () => {
    learnCurve(none()).forEach((p, b) => expect(p).toBeCloseTo(PRIOR_CURVE[b]!, 12));
    expect(probabilityOf(null, 0)).toBe(0.62);
    expect(probabilityOf(null, 100)).toBe(0.93);
  });

  it("pulls a band's observed share toward the prior with the weight of 50 outcomes", () => {
    const counts = none();
    // Band 5 (scores 50–59): 50 outcomes, 20 delivered (40 %); its prior is 0.7925.
    counts[5] = { outcomes: 50, delivered: 20 };
    const curve = learnCurve(counts);
    const pooled = (20 + PRIOR_WEIGHT * PRIOR_CURVE[5]!) / (50 + PRIOR_WEIGHT);
    // Lower than band 4's prior, so the two pool (and with them as far as needed) to stay non-decreasing.
    expect(curve[5]).toBeLessThan(PRIOR_CURVE[5]!);
    expect(curve[5]).toBeGreaterThanOrEqual(pooled - 1e-12);
    for (let b = 1; b < BANDS; b++) expect(curve[b]!).toBeGreaterThanOrEqual(curve[b - 1]! - 1e-12);
  });

  it("follows a workspace's own outcomes once they outweigh the prior", () => {
    const counts = none().map((_, b) => ({ outcomes: 5000, delivered: Math.round(5000 * (0.3 + 0.06 * b)) }));
    const curve = learnCurve(counts);
    curve.forEach((p, b) => expect(p).toBeCloseTo(0.3 + 0.06 * b, 1));
  });

  it("is non-decreasing in the score and within [0, 1] for any counts", () => {
    const band = fc.integer({ min: 0, max: 500 }).chain((outcomes) => fc.record({ outcomes: fc.constant(outcomes), delivered: fc.integer({ min: 0, max: outcomes }) }));
    fc.assert(
      fc.property(fc.array(band, { minLength: BANDS, maxLength: BANDS }), (counts) => {
        const curve = learnCurve(counts);
        expect(curve).toHaveLength(BANDS);
        for (let b = 0; b < BANDS; b++) {
          expect(curve[b]!).toBeGreaterThanOrEqual(0);
          expect(curve[b]!).toBeLessThanOrEqual(1);
          if (b > 0) expect(curve[b]!).toBeGreaterThanOrEqual(curve[b - 1]! - 1e-12);
        }
        for (let s = 1; s <= 100; s++) expect(probabilityOf(curve, s)).toBeGreaterThanOrEqual(probabilityOf(curve, s - 1));
      }),
    );
  });

  it("pools adjacent violators by weight", () => {
    expect(pav([0.5, 0.3, 0.9], [1, 3, 1])).toEqual([0.35, 0.35, 0.9]);
    expect(pav([0.1, 0.2], [1, 1])).toEqual([0.1, 0.2]);
  });

  it("bands scores by tens, 100 with 90–99", () => {
    expect([0, 9, 10, 55, 99, 100].map(bandOf)).toEqual([0, 0, 1, 5, 9, 9]);
  });
});
