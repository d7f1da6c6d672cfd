import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { advanceClock, setClock } from "../clock";
import { db } from "../db";
import { MAX_POLICY_VERSIONS_PER_DAY, parsePolicy, policyHistory, publishPolicy } from ".";

/** Policy versions: a policy's size as a whole, the history a page at a time, and the daily cap on new versions. */
const policy = (n: number) => ({ ship_min_score: 70, hold_max_score: 15, rules: [{ if: { score_below: 1 + (n % 99) }, then: "HOLD" }] });
const REASONS_11 = [
  "junk_text",
  "pincode_suggested",
  "pincode_not_found",
  "missing_house_number",
  "prior_rto",
  "pincode_missing",
  "pincode_state_mismatch",
  "provider_building_match",
  "provider_street_match",
  "provider_locality_match",
  "prior_delivered",
];
const pincodes = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(110000 + from + i));

afterEach(() => setClock(null));

describe("the history, a page at a time", () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = (await newWorkspace()).workspace_id;
    for (let n = 0; n < 24; n++) await publishPolicy(db(), workspaceId, policy(n), `ops${n}@example.in`);
  });

  it("pages of ten, newest first, through version 1, the default; each page's cursor reads the next", async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    const sizes: number[] = [];
    do {
      const page: Awaited<ReturnType<typeof policyHistory>> = await policyHistory(db(), workspaceId, { cursor });
      sizes.push(page.versions.length);
      seen.push(...page.versions.map((v) => v.version));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(sizes).toEqual([10, 10, 5]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
  });

  it("a page that ends just before version 1 names a next page holding version 1 alone", async () => {
    const page = await policyHistory(db(), workspaceId, { cursor: 6, limit: 4 });
    expect(page.versions.map((v) => v.version)).toEqual([5, 4, 3, 2]);
    expect(page.next_cursor).toBe(2);
    expect(await policyHistory(db(), workspaceId, { cursor: 2, limit: 4 })).toMatchObject({ versions: [{ version: 1, created_by: "default" }], next_cursor: null });
  });

  it("a workspace that never published has version 1 only", async () => {
    const fresh = (await newWorkspace()).workspace_id;
    expect(await policyHistory(db(), fresh)).toMatchObject({ versions: [{ version: 1 }], next_cursor: null });
  });
});

describe("a policy's size as a whole", () => {
  const rulesNaming = (n: number, each: (i: number) => object) => ({ ship_min_score: 70, hold_max_score: 15, rules: Array.from({ length: n }, (_, i) => ({ if: each(i), then: "REVIEW" })) });
  const refusal = (input: unknown) => {
    try {
      parsePolicy(input);
    } catch (err) {
      return err;
    }
    return null;
  };

  it("takes 5,000 pincodes over five rules and 2,000 with 47 thresholds", () => {
    expect(parsePolicy(rulesNaming(5, (i) => ({ pincodes: pincodes(i * 1000, 1000) }))).rules).toHaveLength(5);
    const wide = rulesNaming(49, (i) => (i < 47 ? { order_value_above: 100 * (i + 1) } : { pincodes: pincodes((i - 47) * 1000, 1000) }));
    expect(parsePolicy(wide).rules).toHaveLength(49);
  });

  it.each([
    ["5,001 pincodes", rulesNaming(6, (i) => ({ pincodes: pincodes(i * 1000, i === 5 ? 1 : 1000) })), /name 5001 pincodes in all; at most 5000/],
    ["201 states", rulesNaming(6, (i) => ({ states: Array.from({ length: i === 5 ? 1 : 40 }, (_, s) => `State ${i}-${s}`) })), /name 201 states in all; at most 200/],
    ["more than 500 reason codes", rulesNaming(50, () => ({ reasons: REASONS_11 })), /reason codes in all; at most 500/],
    [
      "more than 64 KiB, each total within its bound",
      rulesNaming(50, (i) => ({
        reasons: REASONS_11.slice(0, 10),
        states: Array.from({ length: 4 }, (_, s) => `${"Long state name ".repeat(3)}${"x".repeat(8)}${i}-${s}`),
        pincodes: pincodes(i * 100, 100),
      })),
      /bytes as JSON; at most 65536/,
    ],
  ])("refuses %s with invalid_policy naming the bound", (_name, input, message) => {
    const err = refusal(input) as { code: string; details: { message: string }[] } | null;
    expect(err).toMatchObject({ code: "invalid_policy" });
    expect(err!.details.map((d) => d.message).join(" ")).toMatch(message);
  });
});

describe("new versions a day", () => {
  it(`the ${MAX_POLICY_VERSIONS_PER_DAY + 1}st of a UTC day is 422 limit_reached and changes nothing; the next day takes more`, async () => {
    setClock(new Date("2026-11-20T00:30:00Z"));
    const ws = (await newWorkspace()).workspace_id;
    for (let n = 0; n < MAX_POLICY_VERSIONS_PER_DAY; n++) await publishPolicy(db(), ws, policy(n), "ops@example.in");
    await expect(publishPolicy(db(), ws, policy(7), "ops@example.in")).rejects.toMatchObject({ code: "limit_reached", status: 422, message: /100 policy versions today/ });
    expect((await policyHistory(db(), ws, { limit: 1 })).versions[0]!.version).toBe(MAX_POLICY_VERSIONS_PER_DAY + 1);
    advanceClock(24 * 3_600_000);
    expect((await publishPolicy(db(), ws, policy(8), "ops@example.in")).version).toBe(MAX_POLICY_VERSIONS_PER_DAY + 2);
  });

  it("publishing at once cannot pass the cap", async () => {
    setClock(new Date("2026-11-21T10:00:00Z"));
    const ws = (await newWorkspace()).workspace_id;
    for (let n = 0; n < MAX_POLICY_VERSIONS_PER_DAY - 2; n++) await publishPolicy(db(), ws, policy(n), "ops@example.in");
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, n) => publishPolicy(db(), ws, policy(n), "ops@example.in")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((r) => r.status === "rejected").map((r) => r.reason.code)).toEqual(Array(4).fill("limit_reached"));
  });
});
