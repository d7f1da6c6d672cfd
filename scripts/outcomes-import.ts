/**
 * `dakiya outcomes import --workspace <id> --file <csv> [--json]`: a courier's delivery report
 * recorded as the console's Outcomes upload records it (lib/courier-report.ts reads the rows, the
 * domain's reportOutcomes records them), 1000 reports a statement. Rows that cannot be recorded are
 * listed with their row number and why; the others are recorded all the same.
 */
import fs from "node:fs";
import Papa from "papaparse";
import type { Db } from "../server/db";
import { OUTCOMES_BATCH_MAX, reportOutcomes } from "../server/outcomes";
import { requireWorkspace } from "../server/workspaces";
import { checkOutcomeRows, guessOutcomeColumns } from "../lib/courier-report";
import { need, print, strictValues, UsageError } from "./cli-args";

/** A file larger than this many rows is refused: split it (docs/operations.md). */
export const IMPORT_MAX_ROWS = 100_000;
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ImportResult {
  rows: number;
  recorded: number;
  duplicates: number;
  skipped: { row: number; id: string; reason: string }[];
}

/** Reads the report and records its rows; a file that cannot be read at all (no header, no rows, no outcome column) is refused whole. */
export async function importOutcomes(db: Db, workspaceId: string, text: string): Promise<ImportResult> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  const fields = (parsed.meta.fields ?? []).filter((f) => f !== "");
  if (fields.length === 0) throw new UsageError("the file is empty: a header row, then one outcome per row");
  if (parsed.data.length === 0) throw new UsageError("the file has a header row but no rows");
  if (parsed.data.length > IMPORT_MAX_ROWS) throw new UsageError(`the file has ${parsed.data.length} rows; at most ${IMPORT_MAX_ROWS} at a time`);
  const columns = guessOutcomeColumns(fields);
  if (!columns.outcome) throw new UsageError(`no outcome column (a header such as "outcome" or "status"); the columns are ${fields.join(", ")}`);
  if (!columns.orderId && !columns.verificationId) throw new UsageError(`no order id or verification id column; the columns are ${fields.join(", ")}`);
  const checks = checkOutcomeRows(parsed.data, columns);
  const result: ImportResult = { rows: checks.length, recorded: 0, duplicates: 0, skipped: [] };
  for (const c of checks) if (c.error) result.skipped.push({ row: c.row, id: c.id, reason: c.error });
  const valid = checks.filter((c) => c.report);
  for (let i = 0; i < valid.length; i += OUTCOMES_BATCH_MAX) {
    const chunk = valid.slice(i, i + OUTCOMES_BATCH_MAX);
    const done = await reportOutcomes(
      db,
      workspaceId,
      chunk.map((c, index) => ({ index, input: c.report! })),
      [],
    );
    result.recorded += done.recorded;
    result.duplicates += done.duplicates;
    for (const e of done.errors) result.skipped.push({ row: chunk[e.index]!.row, id: chunk[e.index]!.id, reason: e.message });
  }
  result.skipped.sort((a, b) => a.row - b.row);
  return result;
}

/** The command: arguments, the file, the workspace, then the summary (JSON with --json). */
export async function outcomesImport(db: Db, argv: string[]): Promise<void> {
  const values = strictValues(argv, { workspace: { type: "string" }, file: { type: "string" } });
  const workspaceId = need(values.workspace, "--workspace");
  const file = need(values.file, "--file");
  let text: string;
  try {
    if (fs.statSync(file).size > IMPORT_MAX_BYTES) throw new Error(`larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB`);
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  await requireWorkspace(db, workspaceId);
  const result = await importOutcomes(db, workspaceId, text);
  print(
    values.json === true,
    result,
    [
      `Workspace ${workspaceId}: ${result.rows} rows; ${result.recorded} outcomes recorded, ${result.duplicates} duplicates (already reported), ${result.skipped.length} skipped.`,
      ...result.skipped.map((s) => `  row ${s.row}${s.id ? ` (${s.id})` : ""}: ${s.reason}`),
    ].join("\n"),
  );
}
