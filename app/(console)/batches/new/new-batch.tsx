"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { BATCH_MAX_ROWS, BATCH_NAME_MAX_LENGTH } from "~/lib/shared";
import { skippedRowsCsv } from "~/lib/skipped-rows";
import { ErrorNote } from "../../_lib/errors";
import { FigureTable } from "../../_lib/figure-table";
import { formatNumber } from "../../_lib/format";
import { api, useMe } from "../../_lib/trpc";
import { button, Card, input as inputClass, label as labelClass, SelectField, ViewerNote } from "../../_lib/ui";
import { checkRows, downloadCsv, guessColumns, parseCsv, type Columns, type ParsedCsv, type RowCheck } from "./csv";

const PREVIEW_ROWS = 10;
const LISTED_ERRORS = 20;

interface Loaded extends ParsedCsv {
  name: string;
  /** One per file chosen: submitting twice (a double click, a retry) queues one batch. */
  idempotencyKey: string;
}

export function NewBatch() {
  const me = useMe();
  const router = useRouter();
  const [file, setFile] = useState<Loaded | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [columns, setColumns] = useState<Columns>({ address: "", orderId: "", paymentMethod: "", orderValue: "" });
  const [name, setName] = useState("");
  const [dragging, setDragging] = useState(false);
  const create = api.addresses.verifyBatch.useMutation({ onSuccess: (b) => router.push(`/batches/${b.batch_id}`) });
  const ids = { file: useId(), name: useId(), address: useId(), orderId: useId(), paymentMethod: useId(), orderValue: useId() };

  const checked = useMemo(() => (file && columns.address ? checkRows(file.rows, columns) : []), [file, columns]);
  const bad = checked.filter((r) => r.error);
  const good = checked.filter((r) => !r.error);
  const cap = Math.min(me.plan.batchCap, BATCH_MAX_ROWS);
  const overCap = good.length > cap;
  const ready = file !== null && columns.address !== "" && good.length > 0 && !overCap;

  async function load(f: File | undefined) {
    if (!f) return;
    setReadError(null);
    create.reset();
    try {
      const parsed = await parseCsv(f);
      if (parsed.fields.length === 0) throw new Error("The file has no header row.");
      setFile({ ...parsed, name: f.name, idempotencyKey: crypto.randomUUID() });
      setName(f.name.slice(0, BATCH_NAME_MAX_LENGTH));
      setColumns(guessColumns(parsed.fields));
    } catch (err) {
      setFile(null);
      setReadError(`Could not read ${f.name} as CSV: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  if (me.role === "viewer") return <ViewerNote>Viewers can follow batches but not start them. Ask an owner or admin of this workspace.</ViewerNote>;

  return (
    <div className="space-y-4">
      <Card title="1. Choose the file">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void load(e.dataTransfer.files[0]);
          }}
          data-testid="drop-zone"
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-blue-700 bg-blue-50" : "border-slate-400 bg-slate-50"}`}
        >
          <p className="font-medium text-slate-900">Drag a CSV file here, or choose one.</p>
          <p className="mt-1 text-sm text-slate-700">
            A header row, then one order per row; up to {formatNumber(cap)} rows on your plan ({me.plan.id}). The file is read in your browser; nothing is sent until you submit.
          </p>
          <label htmlFor={ids.file} className={`${labelClass} mt-3`}>
            CSV file
          </label>
          <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(e) => void load(e.target.files?.[0])} className="mx-auto mt-1 block text-sm" />
        </div>
        {readError && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-800">
            {readError}
          </p>
        )}
      </Card>

      {file && (
        <Card title="2. Match the columns">
          <p className="mb-3 text-sm text-slate-700">
            <span className="font-medium text-slate-900">{file.name}</span>: {formatNumber(file.rows.length)} rows, columns {file.fields.join(", ")}.
          </p>
          <div className="mb-4 max-w-md">
            <label htmlFor={ids.name} className={labelClass}>
              Batch name
            </label>
            <input
              id={ids.name}
              className={`${inputClass} mt-1 w-full`}
              value={name}
              maxLength={BATCH_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              aria-describedby={`${ids.name}-hint`}
            />
            <p id={`${ids.name}-hint`} className="mt-1 text-xs text-slate-700">
              Shown in the batch list; the file name unless you change it.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <ColumnSelect
              id={ids.address}
              label="Address column (required)"
              fields={file.fields}
              value={columns.address}
              none="Choose a column…"
              onChange={(address) => setColumns({ ...columns, address })}
            />
            <ColumnSelect
              id={ids.orderId}
              label="Order id column (optional)"
              fields={file.fields}
              value={columns.orderId}
              none="None"
              onChange={(orderId) => setColumns({ ...columns, orderId })}
            />
            <ColumnSelect
              id={ids.paymentMethod}
              label="Payment method column (optional: COD, prepaid, UPI, card…)"
              fields={file.fields}
              value={columns.paymentMethod}
              none="None"
              onChange={(paymentMethod) => setColumns({ ...columns, paymentMethod })}
            />
            <ColumnSelect
              id={ids.orderValue}
              label="Order value column (optional, rupees)"
              fields={file.fields}
              value={columns.orderValue}
              none="None"
              onChange={(orderValue) => setColumns({ ...columns, orderValue })}
            />
          </div>
          <p className="mt-2 text-xs text-slate-700">The payment method and order value go with each order to the decision policy, whose rules can depend on them.</p>
          {file.problems.length > 0 && (
            <div className="mt-3 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-medium">Some lines did not read cleanly; check them in the preview:</p>
              <ul className="list-disc pl-5">
                {file.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}

      {file && columns.address && (
        <Card title="3. Check and submit">
          <FigureTable
            caption={`Preview of the first ${Math.min(PREVIEW_ROWS, checked.length)} of ${formatNumber(checked.length)} rows`}
            captionShown
            rows={checked.slice(0, PREVIEW_ROWS)}
            rowKey={(r) => String(r.row)}
            columns={[
              { label: "Row", numeric: true, cell: (r) => r.row },
              { label: "Order id", cell: (r) => r.orderId || "—" },
              { label: "Address", className: "max-w-md break-words", cell: (r) => r.address || <em>empty</em> },
              ...(columns.paymentMethod ? [{ label: "Payment", cell: (r: RowCheck) => r.paymentMethod ?? "—" }] : []),
              ...(columns.orderValue ? [{ label: "Value (₹)", numeric: true, cell: (r: RowCheck) => (r.orderValue === null ? "—" : formatNumber(r.orderValue)) }] : []),
              { label: "Check", cell: (r) => (r.error ? <span className="font-medium text-red-800">✕ {r.error}</span> : <span className="text-green-800">✓ OK</span>) },
            ]}
          />

          <div className="mt-4 space-y-2" aria-live="polite">
            {overCap && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
                This file has {formatNumber(good.length)} valid rows; your plan ({me.plan.id}) allows at most {formatNumber(cap)} in a batch. Split the file and upload each part.
              </p>
            )}
            {bad.length > 0 && (
              <div role="alert" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950" data-testid="skipped-rows">
                <p className="font-medium">
                  {formatNumber(bad.length)} {bad.length === 1 ? "row has a problem and will be skipped" : "rows have problems and will be skipped"}
                  {good.length > 0 ? "; the others can go now." : "."} Fix {bad.length === 1 ? "it" : "them"} in the file to verify {bad.length === 1 ? "it" : "them"} in another batch:
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {bad.slice(0, LISTED_ERRORS).map((r) => (
                    <li key={r.row}>
                      Row {r.row}
                      {r.orderId ? ` (order ${r.orderId})` : ""}: {r.error}
                    </li>
                  ))}
                </ul>
                {bad.length > LISTED_ERRORS && <p className="mt-1">…and {formatNumber(bad.length - LISTED_ERRORS)} more.</p>}
                <button
                  type="button"
                  className={`${button.secondary} mt-2`}
                  onClick={() =>
                    downloadCsv(
                      skippedRowsCsv(
                        bad.map((r) => ({ row: r.row, id: r.orderId, reason: r.error! })),
                        "order_id",
                      ),
                      `skipped-rows-${file.name.replace(/\.csv$/i, "")}.csv`,
                    )
                  }
                >
                  Download the {formatNumber(bad.length)} skipped {bad.length === 1 ? "row" : "rows"} (CSV)
                </button>
              </div>
            )}
            {ready && (
              <p className="text-sm text-slate-800">
                {bad.length === 0 ? `All ${formatNumber(good.length)} rows look right.` : `${formatNumber(good.length)} of ${formatNumber(checked.length)} rows look right.`} Submitting uses
                up to {formatNumber(good.length)} units.
                {bad.length > 0 && " In the results, rows are numbered as submitted; the order id ties them to your file."}
              </p>
            )}
          </div>

          <button
            type="button"
            className={`${button.primary} mt-4`}
            disabled={!ready || create.isPending}
            onClick={() =>
              create.mutate({
                addresses: good.map(addressInput),
                ...(name.trim() && { name: name.trim() }),
                idempotency_key: file.idempotencyKey,
              })
            }
          >
            {create.isPending
              ? "Submitting…"
              : bad.length === 0
                ? `Submit ${formatNumber(good.length)} ${good.length === 1 ? "row" : "rows"}`
                : `Submit the ${formatNumber(good.length)} valid ${good.length === 1 ? "row" : "rows"}`}
          </button>
          {create.error && (
            <div className="mt-3">
              <ErrorNote error={create.error} action="The batch was not created" />
            </div>
          )}
        </Card>
      )}
    </div>
  );
}

/** A checked row as the API takes it: only the fields the file has. */
function addressInput(r: RowCheck) {
  return {
    address: r.address,
    ...(r.orderId && { order_id: r.orderId }),
    ...(r.paymentMethod && { payment_method: r.paymentMethod }),
    ...(r.orderValue !== null && { order_value: r.orderValue }),
  };
}

function ColumnSelect(props: { id: string; label: string; fields: string[]; value: string; none: string; onChange: (field: string) => void }) {
  return (
    <SelectField
      id={props.id}
      label={props.label}
      value={props.value}
      options={[{ value: "", name: props.none }, ...props.fields.map((f) => ({ value: f, name: f }))]}
      onChange={props.onChange}
    />
  );
}
