import { TRPCError } from "@trpc/server";
import { databaseUnavailable } from "../db";
import { allowedEdits, editDistance } from "../addresses/fuzzy";
import { DakiyaError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from "../errors";

/** What a failure looks like on the wire, before the request id is added. */
export interface ApiError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function isZodError(e: unknown): e is Error & { issues: ZodLikeIssue[] } {
  return e instanceof Error && e.name === "ZodError" && Array.isArray((e as { issues?: unknown }).issues);
}

/** The contract's bound on `details`: the first 100 problems, whatever the input. */
export const MAX_DETAILS = 100;
/** Longest message, and longest detail path and message, in characters: a field name or value quoted in them is cut. */
export const MAX_MESSAGE = 500;

function clip(text: string): string {
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE - 1)}…`;
}

/** Keys of one object looked at for a misspelling, and named at most: the bounds of a 2 MiB body of keys. */
const KEYS_SCANNED = 1000;
const UNKNOWN_NAMED = 3;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parentOf(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const key of path.slice(0, -1)) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** A key sent in place of `field`: the same name in another case, a shortening (`addr`), or a slip of a letter or two (as for place names). */
function misspells(key: string, field: string): boolean {
  if (key === field) return false;
  const k = key.toLowerCase();
  if (k === field) return true;
  if (k.length >= 3 && field.startsWith(k)) return true;
  const edits = allowedEdits(field.length);
  return edits > 0 && editDistance(k, field, edits) <= edits;
}

/**
 * The one place that words a schema's issues for the caller, from the input as sent. A field that
 * is absent is "required", whatever its schema says of a wrong value, and the keys of the same object that look
 * like it are named: Zod drops unknown keys silently, so `{"addr": …}` would otherwise read as
 * "address must be a string". Rewrites the messages in place, before `toApiError` reads them.
 */
export function wordIssues(issues: ZodLikeIssue[], input: unknown): void {
  for (const issue of issues) {
    const field = issue.path.at(-1);
    if (typeof field !== "string") continue;
    const parent = parentOf(input, issue.path);
    if (!isRecord(parent) || parent[field] !== undefined) continue;
    const unknown = Object.keys(parent)
      .slice(0, KEYS_SCANNED)
      .filter((k) => parent[k] !== undefined && misspells(k, field))
      .slice(0, UNKNOWN_NAMED);
    issue.message = `${field} is required${unknown.length ? ` (unknown field ${unknown.join(", ")})` : ""}`;
  }
}

/** A procedure's input that failed its schema: its issues worded from the input as sent. */
export function wordInputFailure(error: unknown, input: unknown): void {
  if (error instanceof TRPCError && error.code === "BAD_REQUEST" && isZodError(error.cause)) wordIssues(error.cause.issues, input);
}

/** An answer's size is bounded whatever the input: at most MAX_DETAILS details, every text at most MAX_MESSAGE. */
function make(code: ErrorCode, message: string, details?: ErrorDetail[], headers?: Record<string, string>): ApiError {
  const bounded = details?.slice(0, MAX_DETAILS).map((d) => ({ path: clip(d.path), message: clip(d.message) }));
  return { status: ERROR_STATUS[code], code, message: clip(message), details: bounded, headers };
}

function fromDakiya(e: DakiyaError): ApiError {
  return make(e.code, e.message, e.details, e.headers);
}

/**
 * The one place that turns any failure into the contract's code and status. A database that does
 * not answer is a 503 (server/db.ts says which failures are that). Anything not recognised is a 500 `internal_error` whose message says nothing of the internals.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof DakiyaError) return fromDakiya(error);
  const unavailable = databaseUnavailable(error instanceof TRPCError ? error.cause : error);
  if (unavailable) return fromDakiya(unavailable);
  if (error instanceof TRPCError) {
    if (error.cause instanceof DakiyaError) return fromDakiya(error.cause);
    if (isZodError(error.cause)) {
      const details = error.cause.issues.slice(0, MAX_DETAILS).map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
      const first = details[0];
      const message = first ? `Invalid request: ${first.path ? `${first.path}: ` : ""}${first.message}` : "Invalid request.";
      return make("invalid_request", message, details);
    }
    switch (error.code) {
      case "PARSE_ERROR":
        return make("invalid_request", "The request body is not valid JSON.", []);
      case "UNSUPPORTED_MEDIA_TYPE":
        return make("invalid_request", "Send the request body as JSON with `Content-Type: application/json`.", []);
      case "PAYLOAD_TOO_LARGE":
        return make("invalid_request", "The request body is too large.", []);
      case "BAD_REQUEST":
        return make("invalid_request", error.message, []);
      case "NOT_FOUND":
        return make("not_found", "No such endpoint.");
      case "UNAUTHORIZED":
        return make("unauthenticated", error.message);
      case "FORBIDDEN":
        return make("forbidden", error.message);
    }
  }
  return make("internal_error", "Something went wrong on our side. Quote the request id if you contact support.");
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
  request_id: string;
}

export function errorBody(e: ApiError, requestId: string): ErrorBody {
  return {
    error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
    request_id: requestId,
  };
}
