import Papa from "papaparse";

/**
 * The rows an upload (a batch CSV, a courier's report) left out, with their row number in the file
 * and why, as a CSV staff can download, fix and upload again; and the guard every CSV we write has
 * against spreadsheet formulas. Shared by the server, the console (in the browser) and the CLI.
 */

/**
 * A cell a spreadsheet would run as a formula: one that starts with `=`, `+`, `-`, `@`, tab or CR, or
 * with any run of white space and line breaks before `=`, `+`, `-` or `@` (spreadsheets skip leading
 * white space, so `\n=1+2` is a formula too). papaparse's own `escapeFormulae: true` tests
 * `/^[=+\-@\t\r].*$/`, whose `$` stops at a line break, so `=1+2\nx` slipped through; given this
 * pattern it prefixes the cell with `'` and quotes it.
 */
export const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** The skipped rows as CSV: `row`, the id column the file had (`order_id`, `verification_id`), `reason`. */
export function skippedRowsCsv(rows: { row: number; id: string; reason: string }[], idHeader: string): string {
  return Papa.unparse({ fields: ["row", idHeader, "reason"], data: rows.map((r) => [r.row, r.id, r.reason]) }, { escapeFormulae: FORMULA_START, newline: "\r\n" }) + "\r\n";
}
