import { ORDER_ID_MAX_LENGTH } from "./shared";
import { OUTCOME_WORDS, outcomeOf, type OutcomeKind } from "./words";

/**
 * A courier's delivery report (CSV) read into `POST /outcomes/batch` reports, the same way by the
 * console's Outcomes page (in the browser) and by `dakiya outcomes import`: columns found by their
 * headers, outcomes in the courier's words (lib/words.ts), each row checked on its own.
 */

export const OUTCOMES_UPLOAD_MAX_ROWS = 1000;
export const COURIER_MAX_LENGTH = 100;

export interface OutcomeColumns {
  orderId: string;
  verificationId: string;
  outcome: string;
  courier: string;
  date: string;
}

/** The column most likely meant for each field, by its header ("" when none fits). */
export function guessOutcomeColumns(fields: string[]): OutcomeColumns {
  const find = (patterns: RegExp[]) => patterns.map((p) => fields.find((f) => p.test(f))).find(Boolean) ?? "";
  return {
    orderId: find([/^order[ _-]?id$/i, /^order[ _-]?(no|number|ref)$/i, /^(reference|ref)[ _-]?(no|number)?$/i, /^order$/i, /order/i]),
    verificationId: find([/^verification[ _-]?id$/i, /verification/i]),
    outcome: find([/^outcome$/i, /^(delivery[ _-]?)?status$/i, /^(shipment|current|final)[ _-]?status$/i, /outcome|status/i]),
    courier: find([/^courier$/i, /^courier[ _-]?(name|partner)$/i, /^(carrier|logistics|partner|3pl)$/i, /courier|carrier/i]),
    date: find([/^(delivered|delivery)[ _-]?(at|on|date)$/i, /^(status|event|last[ _-]?update)[ _-]?(date|time|at)$/i, /^date$/i, /date/i]),
  };
}

export interface OutcomeReport {
  order_id?: string;
  verification_id?: string;
  outcome: OutcomeKind;
  courier?: string;
  delivered_at?: string;
}

export interface OutcomeRowCheck {
  /** 1-based, the header not counted. */
  row: number;
  /** The order id or verification id the row names, for people. */
  id: string;
  /** The outcome as the courier wrote it. */
  word: string;
  report: OutcomeReport | null;
  error: string | null;
}

const IST = "+05:30";

/**
 * "2026-11-24", "24/11/2026", "24-11-2026 16:20", ISO 8601 with an offset → an ISO date-time; a date
 * without an offset is India's time. Blank → null; anything else (or no such day) → undefined.
 */
export function dateOf(cell: string): string | null | undefined {
  const v = cell.trim();
  if (v === "") return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return Number.isNaN(Date.parse(v)) ? undefined : v;
  const m = /^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/-](\d{1,2})[/-](\d{4}))(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return undefined;
  const [year, month, day] = m[1] ? [m[1], m[2]!, m[3]!] : [m[6]!, m[5]!, m[4]!];
  const [hour, minute, second] = [m[7] ?? "0", m[8] ?? "0", m[9] ?? "0"].map((x) => x.padStart(2, "0"));
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}T${hour}:${minute}:${second}${IST}`;
  const t = new Date(iso).getTime();
  if (Number.isNaN(t) || Number(hour) > 23) return undefined;
  // "31/02/2026" parses to 3 March: a day that does not exist is the row's error.
  return new Date(t + 5.5 * 3600_000).toISOString().slice(0, 10) === iso.slice(0, 10) ? iso : undefined;
}

const KNOWN = Object.entries(OUTCOME_WORDS)
  .map(([kind, words]) => `${words.slice(0, 3).join(", ")} (${kind})`)
  .join("; ");

/** Each row as it would be reported, or what is wrong with it: the same limits the API enforces. */
export function checkOutcomeRows(rows: Record<string, string>[], columns: OutcomeColumns): OutcomeRowCheck[] {
  return rows.map((r, i) => {
    const cell = (column: string) => (column ? (r[column] ?? "").trim() : "");
    const orderId = cell(columns.orderId);
    const verificationId = cell(columns.verificationId);
    const word = cell(columns.outcome);
    const courier = cell(columns.courier);
    const date = dateOf(cell(columns.date));
    const outcome = outcomeOf(word);
    const id = verificationId || orderId;
    let error: string | null = null;
    if (!id) error = "Neither an order id nor a verification id.";
    else if (orderId.length > ORDER_ID_MAX_LENGTH) error = `The order id is longer than ${ORDER_ID_MAX_LENGTH} characters.`;
    else if (verificationId && !/^ver_\w{1,60}$/.test(verificationId)) error = `"${verificationId.slice(0, 40)}" is not a verification id (ver_…).`;
    else if (!word) error = "The outcome is empty.";
    else if (!outcome) error = `The outcome "${word.slice(0, 60)}" is not one we know. Known words include ${KNOWN}.`;
    else if (courier.length > COURIER_MAX_LENGTH) error = `The courier is longer than ${COURIER_MAX_LENGTH} characters.`;
    else if (date === undefined) error = `The date "${cell(columns.date).slice(0, 40)}" is not a date (use 2026-11-24, 24/11/2026 or ISO 8601).`;
    const report: OutcomeReport | null =
      error || !outcome
        ? null
        : {
            ...(verificationId ? { verification_id: verificationId } : { order_id: orderId }),
            ...(verificationId && orderId && { order_id: orderId }),
            outcome,
            ...(courier && { courier }),
            ...(date && { delivered_at: date }),
          };
    return { row: i + 1, id, word, report, error };
  });
}

/** The courier's words found in the file and the kind each is read as (null: unknown), most rows first. */
export function wordsFound(checks: OutcomeRowCheck[]): { word: string; kind: OutcomeKind | null; rows: number }[] {
  const found = new Map<string, { word: string; kind: OutcomeKind | null; rows: number }>();
  for (const c of checks) {
    if (!c.word) continue;
    const key = c.word.toLowerCase();
    const f = found.get(key) ?? { word: c.word, kind: outcomeOf(c.word) ?? null, rows: 0 };
    f.rows++;
    found.set(key, f);
  }
  return [...found.values()].sort((a, b) => b.rows - a.rows || a.word.localeCompare(b.word));
}
