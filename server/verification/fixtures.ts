import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { normalizationKey } from "../addresses";
import { ERROR_STATUS, type ErrorCode } from "../errors";
import { DECISIONS } from "../../lib/words";

/**
 * The addresses a test key may verify (`fixtures/test-addresses.json`). A fixture matches when the
 * input's normalised form equals the fixture's. Fixtures with `error` make the simulated provider
 * fail with that status and code.
 */
const FixtureSchema = z.object({
  address: z.string().min(5).max(280),
  description: z.string(),
  decision: z.enum(DECISIONS).optional(),
  error: z
    .object({ status: z.number().int(), code: z.enum(["provider_error", "provider_unavailable", "provider_timeout"]) })
    .refine((e) => ERROR_STATUS[e.code] === e.status, "status must be the code's status")
    .optional(),
});

export type Fixture = z.infer<typeof FixtureSchema> & { error?: { status: number; code: ErrorCode } };

export const FIXTURES_PATH = path.join(process.cwd(), "fixtures", "test-addresses.json");

let index: Map<string, Fixture> | null = null;

export function loadFixtures(): Fixture[] {
  const parsed = z.array(FixtureSchema).parse(JSON.parse(fs.readFileSync(FIXTURES_PATH, "utf8")));
  for (const f of parsed) {
    if (!f.decision === !f.error) throw new Error(`fixture "${f.address}" needs exactly one of decision or error`);
  }
  return parsed;
}

/** The fixture whose normalisation key is `addressKey` (the caller has parsed the address already). */
export function findFixture(addressKey: string): Fixture | null {
  index ??= new Map(loadFixtures().map((f) => [normalizationKey(f.address), f]));
  return index.get(addressKey) ?? null;
}
