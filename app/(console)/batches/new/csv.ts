import Papa from "papaparse";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, ORDER_ID_MAX_LENGTH, ORDER_VALUE_MAX } from "~/lib/shared";
import { PAYMENT_WORDS, paymentMethodOf, type PaymentMethod } from "~/lib/words";

const PAYMENT_HINT = [...PAYMENT_WORDS.cod, ...PAYMENT_WORDS.prepaid].join(", ");

/** The CSV as read in the browser: its columns and rows, nothing sent anywhere yet. */
export interface ParsedCsv {
  fields: string[];
  rows: Record<string, string>[];
  /** Lines papaparse could not read cleanly (wrong number of cells, stray quotes). */
  problems: string[];
}

export function parseCsv(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim(),
      complete: (result) =>
        resolve({
          fields: (result.meta.fields ?? []).filter((f) => f !== ""),
          rows: result.data,
          problems: result.errors.slice(0, 5).map((e) => (e.row !== undefined ? `Row ${e.row + 1}: ${e.message}` : e.message)),
        }),
      error: reject,
    });
  });
}

export interface Columns {
  address: string;
  orderId: string;
  paymentMethod: string;
  orderValue: string;
}

/** The column most likely meant for each field, by its header. */
export function guessColumns(fields: string[]): Columns {
  const find = (patterns: RegExp[]) => patterns.map((p) => fields.find((f) => p.test(f))).find(Boolean) ?? "";
  return {
    address: find([/^address$/i, /address/i, /^addr/i]),
    orderId: find([/^order[ _-]?id$/i, /^order[ _-]?(no|number|ref)$/i, /^order$/i, /order(?![ _-]?(value|amount|total))/i]),
    paymentMethod: find([/^payment[ _-]?method$/i, /^pay(ment)?[ _-]?(mode|type|method)$/i, /^payment$/i]),
    orderValue: find([/^order[ _-]?value$/i, /^order[ _-]?(amount|total)$/i, /^(amount|value|total)$/i]),
  };
}

export interface RowCheck {
  /** 1-based, like the results CSV's `row` column (the header is not counted). */
  row: number;
  address: string;
  orderId: string;
  paymentMethod: PaymentMethod | null;
  /** Rupees. */
  orderValue: number | null;
  error: string | null;
}

/** "COD", "UPI", "Cash on delivery" → cod, prepaid, cod (lib/words.ts); blank → null; anything else is the row's error. */
function paymentOf(cell: string): PaymentMethod | null | undefined {
  if (cell.trim() === "") return null;
  return paymentMethodOf(cell);
}

/** "1,499.00", "₹ 1499" → 1499; blank → null; anything else (or out of range) is the row's error. */
function valueOf(cell: string): number | null | undefined {
  const v = cell.replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
  if (v === "") return null;
  const n = Number(v);
  return /^\d+(\.\d+)?$/.test(v) && n <= ORDER_VALUE_MAX ? n : undefined;
}

/** Each row as it would be submitted, with what is wrong with it: the same limits the API enforces. */
export function checkRows(rows: Record<string, string>[], columns: Columns): RowCheck[] {
  return rows.map((r, i) => {
    const cell = (column: string) => (column ? (r[column] ?? "").trim() : "");
    const address = cell(columns.address);
    const orderId = cell(columns.orderId);
    const paymentMethod = paymentOf(cell(columns.paymentMethod));
    const orderValue = valueOf(cell(columns.orderValue));
    let error: string | null = null;
    if (!address) error = "The address is empty.";
    else if (address.length < ADDRESS_MIN_LENGTH) error = `The address is shorter than ${ADDRESS_MIN_LENGTH} characters.`;
    else if (address.length > ADDRESS_MAX_LENGTH) error = `The address is longer than ${ADDRESS_MAX_LENGTH} characters (${address.length}).`;
    else if (orderId.length > ORDER_ID_MAX_LENGTH) error = `The order id is longer than ${ORDER_ID_MAX_LENGTH} characters.`;
    else if (paymentMethod === undefined) error = `The payment method is "${cell(columns.paymentMethod)}"; it must be cod or prepaid, a word for either (${PAYMENT_HINT}), or empty.`;
    else if (orderValue === undefined) error = `The order value is "${cell(columns.orderValue)}"; it must be rupees from 0 to ${ORDER_VALUE_MAX.toLocaleString("en-IN")} (or empty).`;
    return { row: i + 1, address, orderId, paymentMethod: paymentMethod ?? null, orderValue: orderValue ?? null, error };
  });
}

/** Saves text as a CSV file from the browser (the skipped rows of an upload). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
