import { DakiyaError, type ErrorDetail } from "../errors";

/**
 * Text the service refuses in any field of any request: a lone UTF-16 surrogate (`"\ud800"` in JSON:
 * not a character, so not storable as UTF-8 text) or NUL (PostgreSQL's text cannot hold it). Checked
 * once, on the raw input of every procedure (server/api/trpc.ts) and on sign-in bodies, before any
 * schema: 400 `invalid_request` with one detail per field, named by its path (`addresses.3.address`).
 */
const MAX_DETAILS = 20;
/** The contract's bound on nesting: deeper input is refused before anything else reads it (and before this walk could overflow the stack). */
export const MAX_NESTING = 32;
/** In a `u` pattern a surrogate matches only when it is not half of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;

function badText(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain NUL characters (\\u0000)";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text (it holds a lone surrogate)";
  return null;
}

function collect(value: unknown, path: string[], out: ErrorDetail[]): void {
  if (out.length >= MAX_DETAILS) return;
  if (path.length > MAX_NESTING) {
    throw new DakiyaError("invalid_request", `Invalid request: the input is nested deeper than ${MAX_NESTING} levels.`, {
      details: [{ path: path.slice(0, MAX_NESTING).join("."), message: `nested deeper than ${MAX_NESTING} levels` }],
    });
  }
  if (typeof value === "string") {
    const problem = badText(value);
    if (problem) out.push({ path: path.join("."), message: `${path.length ? path.join(".") : "the input"} ${problem}` });
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const keyProblem = badText(key);
    // A field name cannot be quoted as it is; its well-formed part names it.
    // eslint-disable-next-line no-control-regex -- NUL is what it replaces
    const name = keyProblem ? key.replace(/[\p{Cs}\u0000]/gu, "\ufffd") : key;
    if (keyProblem) out.push({ path: [...path, name].join("."), message: `the field name ${keyProblem}` });
    collect(child, [...path, name], out);
  }
}

/** Throws 400 `invalid_request` naming every field (up to 20) whose text is refused. */
export function checkText(input: unknown): void {
  const details: ErrorDetail[] = [];
  collect(input, [], details);
  if (details.length === 0) return;
  throw new DakiyaError("invalid_request", `Invalid request: ${details[0]!.message}`, { details });
}
