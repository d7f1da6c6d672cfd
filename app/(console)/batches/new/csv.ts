import Papa from "papaparse";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, ORDER_ID_MAX_LENGTH } from "~/lib/shared";

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

/** The column most likely meant for each field, by its header. */
export function guessColumns(fields: string[]): { address: string; orderId: string } {
  const find = (patterns: RegExp[]) => patterns.map((p) => fields.find((f) => p.test(f))).find(Boolean) ?? "";
  return {
    address: find([/^address$/i, /address/i, /^addr/i]),
    orderId: find([/^order[ _-]?id$/i, /^order[ _-]?(no|number|ref)$/i, /^order$/i, /order/i]),
  };
}

export interface RowCheck {
  /** 1-based, like the results CSV's `row` column (the header is not counted). */
  row: number;
  address: string;
  orderId: string;
  error: string | null;
}

/** Each row as it would be submitted, with what is wrong with it: the same limits the API enforces. */
export function checkRows(rows: Record<string, string>[], columns: { address: string; orderId: string }): RowCheck[] {
  return rows.map((r, i) => {
    const address = (r[columns.address] ?? "").trim();
    const orderId = columns.orderId ? (r[columns.orderId] ?? "").trim() : "";
    let error: string | null = null;
    if (!address) error = "The address is empty.";
    else if (address.length < ADDRESS_MIN_LENGTH) error = `The address is shorter than ${ADDRESS_MIN_LENGTH} characters.`;
    else if (address.length > ADDRESS_MAX_LENGTH) error = `The address is longer than ${ADDRESS_MAX_LENGTH} characters (${address.length}).`;
    else if (orderId.length > ORDER_ID_MAX_LENGTH) error = `The order id is longer than ${ORDER_ID_MAX_LENGTH} characters.`;
    return { row: i + 1, address, orderId, error };
  });
}
