import { DakiyaError, type ErrorDetail } from "../errors";

/**
 * Text the service refuses in any field of any request: a lone UTF-16 surrogate (`"\ud800"` in JSON:
 * not a character, so not storable as UTF-8 text) or NUL (PostgreSQL's text cannot hold it). Checked
 * once, on the raw input of every procedure (server/api/trpc.ts) and on sign-in bodies, before any
 * schema: 400 `invalid_request` with one detail per field, named by its path (`addresses.3.address`).
 */
const MAX_DETAILS = 20;
/** In a `u` pattern a surrogate matches only when it is not half of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;

function badText(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain NUL characters (\\u0000)";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text (it holds a lone surrogate)";
  return null;
}

/** Deeper than this, input is refused before it is walked: no field of any procedure nests half as deep. */
export const MAX_DEPTH = 64;

/** Walks the input with a stack of its own, so even a body of 1,000,000 nested arrays cannot overflow the call stack. */
function collect(input: unknown, out: ErrorDetail[]): void {
  const stack: { value: unknown; path: string[]; keyProblem?: string | null }[] = [{ value: input, path: [] }];
  while (stack.length && out.length < MAX_DETAILS) {
    const { value, path, keyProblem } = stack.pop()!;
    if (keyProblem) out.push({ path: path.join("."), message: `the field name ${keyProblem}` });
    if (out.length >= MAX_DETAILS) return;
    if (typeof value === "string") {
      const problem = badText(value);
      if (problem) out.push({ path: path.join("."), message: `${path.length ? path.join(".") : "the input"} ${problem}` });
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_DEPTH) {
      throw new DakiyaError("invalid_request", `Invalid request: ${path.join(".")} is nested more than ${MAX_DEPTH} levels deep`, {
        details: [{ path: path.join("."), message: `nested more than ${MAX_DEPTH} levels deep` }],
      });
    }
    const entries: (readonly [string, unknown])[] = Array.isArray(value) ? value.map((v: unknown, i) => [String(i), v] as const) : Object.entries(value);
    // Pushed last to first, so fields are reported in the order they were sent.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyProblem = badText(key);
      // A field name cannot be quoted as it is; its well-formed part names it.
      // eslint-disable-next-line no-control-regex -- NUL is what it replaces
      const name = keyProblem ? key.replace(/[\p{Cs}\u0000]/gu, "\ufffd") : key;
      stack.push({ value: child, path: [...path, name], keyProblem });
    }
  }
}

/** Throws 400 `invalid_request` naming every field (up to 20) whose text is refused. */
export function checkText(input: unknown): void {
  const details: ErrorDetail[] = [];
  collect(input, details);
  if (details.length === 0) return;
  throw new DakiyaError("invalid_request", `Invalid request: ${details[0]!.message}`, { details });
}
