import { describe, expect, it } from "vitest";
import { DakiyaError } from "../errors";
import { checkText, jsonNestsTooDeep, MAX_NESTING } from "./text";

function nested(levels: number): unknown {
  let value: unknown = "x";
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

function refusal(input: unknown): DakiyaError | null {
  try {
    checkText(input);
    return null;
  } catch (err) {
    return err as DakiyaError;
  }
}

describe("checkText", () => {
  it("takes input 32 levels deep and refuses 33 with invalid_request, however deep it goes", () => {
    expect(refusal(nested(MAX_NESTING))).toBeNull();
    for (const levels of [MAX_NESTING + 1, 100_000]) {
      const e = refusal(nested(levels));
      expect(e).toBeInstanceOf(DakiyaError);
      expect(e!.code).toBe("invalid_request");
      expect(e!.message).toMatch(/nested more than 32 levels/);
    }
  });

  it("names refused fields in document order with their paths, keys before their values", () => {
    const e = refusal({ a: [{ ok: "fine" }, { b: "x\u0000" }], ["k\ud800"]: "\ud800", z: "\u0000" });
    expect(e!.details!.map((d) => d.path)).toEqual(["a.1.b", "k\ufffd", "k\ufffd", "z"]);
    expect(e!.details![1]!.message).toMatch(/^the field name /);
    expect(e!.message).toBe(`Invalid request: ${e!.details![0]!.message}`);
  });

  it("names at most 20 fields of a wide input", () => {
    const e = refusal(Array.from({ length: 100_000 }, () => "\u0000"));
    expect(e!.details).toHaveLength(20);
    expect(e!.details![19]!.path).toBe("19");
  });

  it("refuses a bare string and passes other values", () => {
    expect(refusal("\u0000")!.details![0]).toEqual({ path: "", message: "the input must not contain NUL characters (\\u0000)" });
    for (const value of [null, undefined, 1, true, "मुंबई 😀", { a: [1, null, "b"] }]) expect(refusal(value)).toBeNull();
  });
});

describe("jsonNestsTooDeep", () => {
  it("counts objects and arrays, not brackets inside strings or escaped quotes", () => {
    expect(jsonNestsTooDeep(JSON.stringify(nested(MAX_NESTING)))).toBe(false);
    expect(jsonNestsTooDeep(JSON.stringify(nested(MAX_NESTING + 1)))).toBe(true);
    expect(jsonNestsTooDeep(JSON.stringify({ a: "[".repeat(100), b: '\\"{{{{"' + "{".repeat(100) }))).toBe(false);
    expect(jsonNestsTooDeep(`["\\\\"${"[".repeat(40)}`)).toBe(true);
  });

  it("allows one level more where the text wraps the input (a tRPC batch)", () => {
    const text = JSON.stringify({ 0: nested(MAX_NESTING) });
    expect(jsonNestsTooDeep(text)).toBe(true);
    expect(jsonNestsTooDeep(text, MAX_NESTING + 1)).toBe(false);
  });
});
