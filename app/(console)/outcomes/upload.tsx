"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { checkOutcomeRows, guessOutcomeColumns, OUTCOMES_UPLOAD_MAX_ROWS, wordsFound, type OutcomeColumns } from "~/lib/courier-report";
import { skippedRowsCsv } from "~/lib/skipped-rows";
import { ErrorNote } from "../_lib/errors";
import { FigureTable } from "../_lib/figure-table";
import { formatNumber } from "../_lib/format";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { button, Card, label as labelClass, SelectField } from "../_lib/ui";
import { downloadCsv, parseCsv, type ParsedCsv } from "../batches/new/csv";

const LISTED_ERRORS = 20;
const NO_COLUMNS: OutcomeColumns = { orderId: "", verificationId: "", outcome: "", courier: "", date: "" };

type Recorded = Outputs["outcomes"]["reportBatch"];
interface Skipped {
  row: number;
  id: string;
  reason: string;
}

/**
 * A courier's delivery report uploaded from the Outcomes page: read in the browser (papaparse), its
 * columns matched, its words shown as the outcomes they are read as (lib/courier-report.ts, as the
 * CLI reads them), then the valid rows sent in one POST /outcomes/batch call.
 */
export function OutcomesUpload() {
  const me = useMe();
  const router = useRouter();
  const [file, setFile] = useState<(ParsedCsv & { name: string }) | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [columns, setColumns] = useState<OutcomeColumns>(NO_COLUMNS);
  const [sent, setSent] = useState<{ rows: number[]; result: Recorded } | null>(null);
  const report = api.outcomes.reportBatch.useMutation({ onSuccess: () => router.refresh() });
  const ids = { file: useId(), orderId: useId(), verificationId: useId(), outcome: useId(), courier: useId(), date: useId() };

  const ready = file !== null && columns.outcome !== "" && (columns.orderId !== "" || columns.verificationId !== "");
  const checked = useMemo(() => (file && ready ? checkOutcomeRows(file.rows, columns) : []), [file, columns, ready]);
  const words = useMemo(() => wordsFound(checked), [checked]);
  const bad = checked.filter((r) => r.error);
  const good = checked.filter((r) => r.report);
  const tooMany = good.length > OUTCOMES_UPLOAD_MAX_ROWS;

  async function load(f: File | undefined) {
    if (!f) return;
    setReadError(null);
    setSent(null);
    report.reset();
    try {
      const parsed = await parseCsv(f);
      if (parsed.fields.length === 0) throw new Error("The file has no header row.");
      if (parsed.rows.length === 0) throw new Error("The file has a header row but no rows.");
      setFile({ ...parsed, name: f.name });
      setColumns(guessOutcomeColumns(parsed.fields));
    } catch (err) {
      setFile(null);
      setReadError(`Could not read ${f.name} as CSV: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const skipped: Skipped[] = [
    ...bad.map((r) => ({ row: r.row, id: r.id, reason: r.error! })),
    ...(sent?.result.errors.map((e) => ({ row: sent.rows[e.index]!, id: checked.find((c) => c.row === sent.rows[e.index])?.id ?? "", reason: e.message })) ?? []),
  ].sort((a, b) => a.row - b.row);

  if (me.role === "viewer") return null;
  return (
    <Card title="Report outcomes from a courier's CSV" className="mb-4">
      <p className="text-sm text-slate-700">
        A header row, then one parcel per row: its order id (or verification id), the outcome in the courier&apos;s words, and if you have them the courier and the date. Up to{" "}
        {formatNumber(OUTCOMES_UPLOAD_MAX_ROWS)} rows; read in your browser, nothing is sent until you submit.
      </p>
      <label htmlFor={ids.file} className={`${labelClass} mt-3`}>
        Courier&apos;s CSV file
      </label>
      <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(e) => void load(e.target.files?.[0])} className="mt-1 block text-sm" />
      {readError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {readError}
        </p>
      )}

      {file && (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{file.name}</span>: {formatNumber(file.rows.length)} rows, columns {file.fields.join(", ")}.
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(
              [
                ["orderId", "Order id column"],
                ["verificationId", "Verification id column (optional)"],
                ["outcome", "Outcome column (required)"],
                ["courier", "Courier column (optional)"],
                ["date", "Date column (optional)"],
              ] as const
            ).map(([key, text]) => (
              <SelectField
                key={key}
                id={ids[key]}
                label={text}
                value={columns[key]}
                options={[{ value: "", name: key === "outcome" ? "Choose a column…" : "None" }, ...file.fields.map((f) => ({ value: f, name: f }))]}
                onChange={(v) => {
                  setSent(null);
                  setColumns({ ...columns, [key]: v });
                }}
              />
            ))}
          </div>
          {!ready && (
            <p role="alert" className="text-sm font-medium text-red-800">
              Choose the outcome column and an order id or verification id column.
            </p>
          )}

          {ready && (
            <>
              <FigureTable
                caption="How the courier's words are read"
                captionShown
                testId="outcome-words"
                rows={words}
                rowKey={(w) => w.word}
                columns={[
                  { label: "Courier's word", cell: (w) => w.word },
                  {
                    label: "Recorded as",
                    cell: (w) => (w.kind ? <code className="text-xs">{w.kind}</code> : <span className="font-medium text-red-800">✕ not known: rows skipped</span>),
                  },
                  { label: "Rows", numeric: true, cell: (w) => formatNumber(w.rows) },
                ]}
              />

              <div aria-live="polite" className="space-y-2">
                {tooMany && (
                  <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
                    This file has {formatNumber(good.length)} valid rows; one upload takes at most {formatNumber(OUTCOMES_UPLOAD_MAX_ROWS)}. Split the file, or use{" "}
                    <code className="text-xs">npm run dakiya -- outcomes import</code>.
                  </p>
                )}
                {skipped.length > 0 && (
                  <div role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950" data-testid="skipped-outcomes">
                    <p className="font-medium">
                      {formatNumber(skipped.length)} {skipped.length === 1 ? "row is" : "rows are"} {sent ? "not recorded" : "skipped"}:
                    </p>
                    <ul className="mt-1 list-disc pl-5">
                      {skipped.slice(0, LISTED_ERRORS).map((r) => (
                        <li key={r.row}>
                          Row {r.row}
                          {r.id ? ` (${r.id})` : ""}: {r.reason}
                        </li>
                      ))}
                    </ul>
                    {skipped.length > LISTED_ERRORS && <p className="mt-1">…and {formatNumber(skipped.length - LISTED_ERRORS)} more.</p>}
                    <button
                      type="button"
                      className={`${button.secondary} mt-2`}
                      onClick={() => downloadCsv(skippedRowsCsv(skipped, columns.verificationId ? "id" : "order_id"), `skipped-rows-${file.name.replace(/\.csv$/i, "")}.csv`)}
                    >
                      Download the {formatNumber(skipped.length)} skipped {skipped.length === 1 ? "row" : "rows"} (CSV)
                    </button>
                  </div>
                )}
                {sent && (
                  <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-950" data-testid="outcomes-recorded">
                    <span className="font-medium">{formatNumber(sent.result.recorded)} outcomes recorded</span>, {formatNumber(sent.result.duplicates)} already reported (duplicates,
                    unchanged), {formatNumber(skipped.length)} not recorded.
                  </p>
                )}
              </div>

              {!sent && (
                <button
                  type="button"
                  className={button.primary}
                  disabled={good.length === 0 || tooMany || report.isPending}
                  onClick={() =>
                    report.mutate(
                      { outcomes: good.map((r) => r.report!) },
                      {
                        onSuccess: (result) =>
                          setSent({
                            rows: good.map((r) => r.row),
                            result,
                          }),
                      },
                    )
                  }
                >
                  {report.isPending
                    ? "Submitting…"
                    : bad.length === 0
                      ? `Submit ${formatNumber(good.length)} ${good.length === 1 ? "row" : "rows"}`
                      : `Submit the ${formatNumber(good.length)} valid ${good.length === 1 ? "row" : "rows"}`}
                </button>
              )}
              {report.error && <ErrorNote error={report.error} action="The outcomes were not recorded" />}
            </>
          )}
        </div>
      )}
    </Card>
  );
}
