import { DakiyaError, type ErrorDetail } from "../errors";

/**
 * What every request's input is held to before any schema reads it (docs/operations.md, "Bounds"):
 * nesting at most MAX_NESTING levels deep, and no text the service refuses in any field: a lone
 * UTF-16 surrogate (`"\ud800"` in JSON: not a character, so not storable as UTF-8 text) or NUL
 * (PostgreSQL's text cannot hold it). Checked once, on the raw input of every procedure
 * (server/api/trpc.ts) and on sign-in bodies; JSON text is measured for depth before it is parsed
 * (`jsonNestsTooDeep`, server/http/json.ts).
 */

/** Objects and arrays inside each other: the contract's bound; no procedure's input comes near it. */
export const MAX_NESTING = 32;
/** Refused fields named in one answer (the first ones). */
const MAX_DETAILS = 20;
/** In a `u` pattern a surrogate matches only when it is not half of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;

export function nestingError(): DakiyaError {
  return new DakiyaError("invalid_request", `Invalid request: the input is nested more than ${MAX_NESTING} levels deep.`, { details: [] });
}

/**
 * Whether JSON text nests objects and arrays more than MAX_NESTING deep: one pass over its characters,
 * skipping strings, so a deep body costs linear time and no memory before it is refused. Text that is
 * not JSON may pass; the parser refuses it after. `max` is higher only where the text wraps the input
 * in a level of its own (a console tRPC batch).
 */
export function jsonNestsTooDeep(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote too
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function badText(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain NUL characters (\\u0000)";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text (it holds a lone surrogate)";
  return null;
}

/** An object or array being read: its keys (null for an array), the next child, and where it sits. */
interface Level {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
  parent: Level | null;
  /** This level's name in its parent; "" at the top. */
  name: string;
}

/** `addresses.3.address`: the names from the top down to `name` (at most MAX_NESTING of them). */
function pathOf(level: Level, name: string): string {
  const names = [name];
  for (let l: Level | null = level; l?.parent; l = l.parent) names.push(l.name);
  return names.reverse().join(".");
}

function levelOf(value: unknown, parent: Level | null, name: string): Level | null {
  if (typeof value !== "object" || value === null) return null;
  return Array.isArray(value) ? { value, keys: null, next: 0, parent, name } : { value: value as Record<string, unknown>, keys: Object.keys(value), next: 0, parent, name };
}

/**
 * Throws 400 `invalid_request` for input nested more than MAX_NESTING deep, or naming every field (up
 * to 20) whose text is refused. One pass in document order with an explicit stack of at most
 * MAX_NESTING levels: time linear in the input, and a field's path is spelled out only when it is refused.
 */
export function checkText(input: unknown): void {
  const details: ErrorDetail[] = [];
  const refuse = (path: string, problem: string, what: string) => details.push({ path, message: `${what || "the input"} ${problem}` });
  if (typeof input === "string") {
    const problem = badText(input);
    if (problem) refuse("", problem, "");
  }
  const top = levelOf(input, null, "");
  const stack = top ? [top] : [];
  while (stack.length > 0 && details.length < MAX_DETAILS) {
    const level = stack[stack.length - 1]!;
    const size = level.keys ? level.keys.length : (level.value as unknown[]).length;
    if (level.next >= size) {
      stack.pop();
      continue;
    }
    const i = level.next++;
    let name = String(i);
    if (level.keys) {
      const key = level.keys[i]!;
      const keyProblem = badText(key);
      // A field name cannot be quoted as it is; its well-formed part names it.
      // eslint-disable-next-line no-control-regex -- NUL is what it replaces
      name = keyProblem ? key.replace(/[\p{Cs}\u0000]/gu, "\ufffd") : key;
      if (keyProblem) refuse(pathOf(level, name), keyProblem, "the field name");
    }
    const child = level.keys ? (level.value as Record<string, unknown>)[level.keys[i]!] : (level.value as unknown[])[i];
    if (typeof child === "string") {
      const problem = badText(child);
      if (problem) {
        const path = pathOf(level, name);
        refuse(path, problem, path);
      }
      continue;
    }
    const inner = levelOf(child, level, name);
    if (!inner) continue;
    if (stack.length >= MAX_NESTING) throw nestingError();
    stack.push(inner);
  }
  if (details.length === 0) return;
  throw new DakiyaError("invalid_request", `Invalid request: ${details[0]!.message}`, { details });
}
