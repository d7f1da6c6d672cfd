import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DakiyaError } from "../errors";
import { REASONS } from "../verification/reasons";
import { DECISIONS, PAYMENT_METHODS, VALIDATION_LEVELS } from "../../lib/words";
import { compilePolicy, DEFAULT_POLICY, parsePolicy, type DecisionFacts, type Policy, type PolicyCondition } from ".";

const CODES = Object.keys(REASONS);
const PINS = ["110093", "560066", "800001", "400053"];
const STATES = ["Delhi", "Karnataka", "Bihar", "Maharashtra"];

const facts: fc.Arbitrary<DecisionFacts> = fc.record({
  score: fc.integer({ min: 0, max: 100 }),
  validation_level: fc.constantFrom(...VALIDATION_LEVELS),
  reason_codes: fc.uniqueArray(fc.constantFrom(...CODES), { maxLength: 5 }),
  payment_method: fc.constantFrom(null, ...PAYMENT_METHODS),
  order_value: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
  pincode: fc.option(fc.constantFrom(...PINS), { nil: null }),
  state: fc.option(fc.constantFrom(...STATES), { nil: null }),
  prior_returns: fc.integer({ min: 0, max: 4 }),
});

const condition: fc.Arbitrary<PolicyCondition> = fc
  .record(
    {
      reasons: fc.uniqueArray(fc.constantFrom(...CODES), { minLength: 1, maxLength: 3 }),
      payment_method: fc.constantFrom(...PAYMENT_METHODS),
      score_below: fc.integer({ min: 1, max: 101 }),
      score_at_least: fc.integer({ min: 0, max: 100 }),
      order_value_above: fc.integer({ min: 0, max: 15_000 }),
      validation_below: fc.constantFrom(...VALIDATION_LEVELS),
      pincodes: fc.uniqueArray(fc.constantFrom(...PINS), { minLength: 1, maxLength: 3 }),
      states: fc.uniqueArray(fc.constantFrom(...STATES), { minLength: 1, maxLength: 2 }),
      prior_returns_at_least: fc.integer({ min: 1, max: 3 }),
    },
    { requiredKeys: [] },
  )
  .filter((c) => Object.keys(c).length > 0 && !(c.score_below !== undefined && c.score_at_least !== undefined && c.score_at_least >= c.score_below)) as fc.Arbitrary<PolicyCondition>;

const policy: fc.Arbitrary<Policy> = fc
  .record({
    ship_min_score: fc.integer({ min: 0, max: 101 }),
    hold_max_score: fc.integer({ min: -1, max: 100 }),
    rules: fc.array(fc.record({ if: condition, then: fc.constantFrom(...DECISIONS) }), { maxLength: 8 }),
  })
  .filter((p) => p.hold_max_score < p.ship_min_score);

const RANK = Object.fromEntries(VALIDATION_LEVELS.map((l, i) => [l, i]));

/** The contract's words, written out plainly and apart from the compiled form under test. */
function holds(c: PolicyCondition, f: DecisionFacts): boolean {
  if (c.reasons && !c.reasons.some((r) => f.reason_codes.includes(r))) return false;
  if (c.payment_method && f.payment_method !== c.payment_method) return false;
  if (c.score_below !== undefined && !(f.score < c.score_below)) return false;
  if (c.score_at_least !== undefined && !(f.score >= c.score_at_least)) return false;
  if (c.order_value_above !== undefined && !(f.order_value !== null && f.order_value > c.order_value_above)) return false;
  if (c.validation_below && !(RANK[f.validation_level]! < RANK[c.validation_below]!)) return false;
  if (c.pincodes && !(f.pincode && c.pincodes.includes(f.pincode))) return false;
  if (c.states && !(f.state && c.states.some((s) => s.toLowerCase() === f.state!.toLowerCase()))) return false;
  if (c.prior_returns_at_least !== undefined && !(f.prior_returns >= c.prior_returns_at_least)) return false;
  return true;
}

function expected(p: Policy, f: DecisionFacts) {
  const rule = p.rules.find((r) => holds(r.if, f));
  const said = rule ? rule.then : f.score >= p.ship_min_score ? "SHIP" : f.score <= p.hold_max_score ? "HOLD" : "REVIEW";
  const mayShip = f.validation_level === "building" && !f.reason_codes.includes("junk_text") && !f.reason_codes.includes("pincode_not_found");
  return said === "SHIP" && !mayShip ? "REVIEW" : said;
}

describe("deciding under a policy", () => {
  it("for random policies and verifications, the guards hold and the decision is what the rules say", () => {
    fc.assert(
      fc.property(policy, fc.array(facts, { minLength: 1, maxLength: 20 }), (p, many) => {
        expect(parsePolicy(p)).toEqual(p);
        const decide = compilePolicy(p);
        for (const f of many) {
          const d = decide(f);
          if (d === "SHIP") {
            expect(f.validation_level).toBe("building");
            expect(f.reason_codes).not.toContain("junk_text");
            expect(f.reason_codes).not.toContain("pincode_not_found");
          }
          expect(d).toBe(expected(p, f));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("tries rules in order: the first that holds decides, even when a later one would too", () => {
    const f: DecisionFacts = { score: 90, validation_level: "building", reason_codes: [], payment_method: "cod", order_value: 6000, pincode: "110093", state: "Delhi", prior_returns: 0 };
    const p: Policy = {
      ...DEFAULT_POLICY,
      rules: [
        { if: { order_value_above: 5000 }, then: "REVIEW" },
        { if: { payment_method: "cod" }, then: "HOLD" },
      ],
    };
    expect(compilePolicy(p)(f)).toBe("REVIEW");
    expect(compilePolicy({ ...p, rules: [...p.rules].reverse() })(f)).toBe("HOLD");
    expect(compilePolicy(DEFAULT_POLICY)(f)).toBe("SHIP");
  });

  it("a rule saying SHIP gives REVIEW below building level or with junk text or an unknown pincode", () => {
    const ship: Policy = { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { score_at_least: 0 }, then: "SHIP" }] };
    const base: DecisionFacts = { score: 10, validation_level: "building", reason_codes: [], payment_method: null, order_value: null, pincode: null, state: null, prior_returns: 0 };
    expect(compilePolicy(ship)(base)).toBe("SHIP");
    expect(compilePolicy(ship)({ ...base, validation_level: "street" })).toBe("REVIEW");
    expect(compilePolicy(ship)({ ...base, reason_codes: ["junk_text"] })).toBe("REVIEW");
    expect(compilePolicy(ship)({ ...base, reason_codes: ["pincode_not_found"] })).toBe("REVIEW");
  });
});

describe("parsePolicy", () => {
  const problems = (input: unknown) => {
    try {
      parsePolicy(input);
    } catch (err) {
      expect(err).toBeInstanceOf(DakiyaError);
      expect((err as DakiyaError).code).toBe("invalid_policy");
      return (err as DakiyaError).details!.map((d) => d.path);
    }
    throw new Error("accepted");
  };

  it("accepts the contract's example", () => {
    const example = {
      ship_min_score: 75,
      hold_max_score: 30,
      rules: [
        { if: { reasons: ["pincode_suggested"] }, then: "REVIEW" },
        { if: { payment_method: "cod", score_below: 60 }, then: "HOLD" },
        { if: { order_value_above: 5000, validation_below: "building" }, then: "REVIEW" },
        { if: { pincodes: ["110093"] }, then: "REVIEW" },
      ],
    };
    expect(parsePolicy(example)).toEqual(example);
  });

  it("names each problem by its path inside the policy", () => {
    expect(problems({ ship_min_score: 70, hold_max_score: 15, rules: [{ if: { reasons: ["nope"] }, then: "SHIP" }] })).toEqual(["rules.0.if.reasons.0"]);
    expect(problems({ ship_min_score: 70, hold_max_score: 15, rules: [{ if: { score_below: 40, score_at_least: 50 }, then: "HOLD" }] })).toEqual(["rules.0.if.score_below"]);
    expect(problems({ ship_min_score: 70, hold_max_score: 15, rules: [{ if: { pincodes: Array(1001).fill("110093") }, then: "HOLD" }] })).toEqual(["rules.0.if.pincodes"]);
    expect(problems({ ship_min_score: 70, hold_max_score: 15, rules: [], extra: 1 })).toEqual([""]);
    expect(problems({ ship_min_score: 70, rules: [] })).toEqual(["hold_max_score"]);
    expect(problems({ ship_min_score: 50.5, hold_max_score: 15, rules: [{ if: { states: [] }, then: "HOLD" }] }).sort()).toEqual(["rules.0.if.states", "ship_min_score"]);
  });
});
