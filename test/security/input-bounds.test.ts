import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "../../server/api/root";

/**
 * Every procedure's input is bounded: each string has a largest length (or is one of a fixed set),
 * each array a largest count, and each record (an object of any keys) a largest number of keys. Read
 * from the procedures themselves, so procedures added later are held to it too. The figures are in
 * docs/operations.md, "Bounds".
 */
interface JsonSchema {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The places in a procedure's input schema without a bound, as `path: what`. */
function unbounded(schema: JsonSchema, path: string, defs: Record<string, JsonSchema>, seen = new Set<string>()): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop()!;
    if (seen.has(name)) return [];
    return unbounded(defs[name] ?? {}, path, defs, new Set([...seen, name]));
  }
  const found: string[] = [];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...unbounded(part, path, defs, seen));
  const t = types(schema);
  // A date-time's pattern fixes its shape, and so its length.
  const fixed = schema.enum !== undefined || schema.const !== undefined || schema.format === "date-time";
  if (t.includes("string") && !fixed && schema.maxLength === undefined) found.push(`${path}: a string without a largest length`);
  if (t.includes("array")) {
    if (schema.maxItems === undefined && !schema.prefixItems) found.push(`${path}: an array without a largest count`);
    const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
    for (const item of [...items, ...(schema.prefixItems ?? [])]) found.push(...unbounded(item, `${path}[]`, defs, seen));
  }
  if (t.includes("object")) {
    for (const [key, value] of Object.entries(schema.properties ?? {})) found.push(...unbounded(value, path ? `${path}.${key}` : key, defs, seen));
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== false) {
      if (schema.maxProperties === undefined) found.push(`${path || "the input"}: a record without a largest number of keys`);
      if (typeof extra === "object") found.push(...unbounded(extra, `${path}.*`, defs, seen));
    }
  }
  return found;
}

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>);
const audit = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return unbounded(json, "", json.$defs ?? {});
};

describe("every procedure's input", () => {
  it("is read from the router (a procedure added later is checked too)", () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  it("is read closely enough to find each kind of hole", () => {
    const holes = z.object({ a: z.string(), b: z.array(z.object({ c: z.string().max(5), d: z.string() })).max(3), e: z.record(z.string().max(9), z.number()), f: z.enum(["x"]) });
    expect(audit(holes)).toEqual(["a: a string without a largest length", "b[].d: a string without a largest length", "e: a record without a largest number of keys"]);
  });

  it.each(procedures.filter(([, p]) => p._def.inputs.length > 0))("%s: every string, array and record has a bound", (_path, procedure) => {
    expect(audit(procedure._def.inputs[0]!)).toEqual([]);
  });
});
