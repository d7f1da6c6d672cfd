"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { memo, useId, useState } from "react";
import { DECISIONS, type Decision } from "~/lib/words";
import { ErrorNote } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api, type Outputs } from "../../_lib/trpc";
import { Badge, button, Card, ConfirmationStatusBadge, DecisionBadge, Empty, input, label, Loading, SelectField } from "../../_lib/ui";
import { PAGE_SIZE } from "./first-page";
import { RowDetail } from "./row-detail";

type Page = Outputs["console"]["batchResults"]["rows"];
export type ResultRow = Page["rows"][number];
type RowStatus = ResultRow["status"];

const STATUS_CHOICES: { value: string; name: string; statuses: RowStatus[] }[] = [
  { value: "", name: "Any status", statuses: [] },
  { value: "succeeded", name: "Verified", statuses: ["succeeded"] },
  { value: "failed", name: "Failed", statuses: ["failed"] },
  { value: "cancelled", name: "Cancelled", statuses: ["cancelled"] },
  { value: "unfinished", name: "Not finished", statuses: ["pending", "processing"] },
];
const SORTS = [
  { value: "row-asc", name: "Row, first to last", sort: "row", order: "asc" },
  { value: "row-desc", name: "Row, last to first", sort: "row", order: "desc" },
  { value: "score-desc", name: "Score, highest first", sort: "score", order: "desc" },
  { value: "score-asc", name: "Score, lowest first", sort: "score", order: "asc" },
] as const;

interface Filter {
  decisions: Decision[];
  statuses: RowStatus[];
  orderId: string;
}

/**
 * The filter as the download's query parameters (`decision`, `status`, `order_id`, comma-separated
 * lists): the server reads them with ResultsDownloadQuery in server/api/routers/console/batches.ts.
 */
export function downloadQuery(f: Filter): string {
  const params = new URLSearchParams();
  if (f.decisions.length) params.set("decision", f.decisions.join(","));
  if (f.statuses.length) params.set("status", f.statuses.join(","));
  if (f.orderId) params.set("order_id", f.orderId);
  return params.toString();
}

/** A batch's rows: filters, search by order id, sort, pages of 50; the filtered rows to download or copy; a row to open. */
export function ResultsTable({ batchId, finished, poll }: { batchId: string; finished: boolean; poll: number | false }) {
  const [decisions, setDecisions] = useState<Decision[]>([]);
  const [statusChoice, setStatusChoice] = useState("");
  const [search, setSearch] = useState("");
  const [orderId, setOrderId] = useState("");
  const [sortChoice, setSortChoice] = useState<(typeof SORTS)[number]["value"]>("row-asc");
  // The cursors of the pages seen so far: the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [open, setOpen] = useState<ResultRow | null>(null);
  const ids = { status: useId(), search: useId(), sort: useId(), caption: useId() };

  const filter: Filter = { decisions, statuses: STATUS_CHOICES.find((c) => c.value === statusChoice)!.statuses, orderId };
  const sort = SORTS.find((s) => s.value === sortChoice)!;
  const filterInput = { batch_id: batchId, decisions, statuses: filter.statuses, order_id: orderId || undefined };
  const pageNo = cursors.length - 1;
  const page = api.console.batchResults.rows.useQuery(
    { ...filterInput, sort: sort.sort, order: sort.order, cursor: cursors[pageNo], limit: PAGE_SIZE },
    { placeholderData: keepPreviousData, refetchInterval: poll },
  );
  const filtered = decisions.length > 0 || filter.statuses.length > 0 || orderId !== "";
  // The buyers' confirmations of the rows on this page (their links are made on the row or for the whole batch).
  const verificationIds = (page.data?.rows ?? []).flatMap((r) => (r.verification_id && r.decision !== "SHIP" ? [r.verification_id] : []));
  const confirmations = api.confirmations.latest.useQuery({ verification_ids: verificationIds }, { enabled: verificationIds.length > 0, placeholderData: keepPreviousData });
  // Any change of filter or sort starts again at the first page.
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCursors([undefined]);
    };

  return (
    <Card title="Rows">
      <div className="flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className={label}>Decision</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {DECISIONS.map((d) => (
              <label key={d} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={decisions.includes(d)}
                  onChange={(e) => refilter(setDecisions)(e.target.checked ? DECISIONS.filter((x) => x === d || decisions.includes(x)) : decisions.filter((x) => x !== d))}
                />
                {d}
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField id={ids.status} label="Status" value={statusChoice} options={STATUS_CHOICES} onChange={refilter(setStatusChoice)} />
        <form
          className="flex items-end gap-2"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            refilter(setOrderId)(search.trim());
          }}
        >
          <div>
            <label htmlFor={ids.search} className={label}>
              Order id contains
            </label>
            <input id={ids.search} type="search" value={search} maxLength={128} onChange={(e) => setSearch(e.target.value)} className={`${input} mt-1`} placeholder="ORD-1042" />
          </div>
          <button type="submit" className={button.secondary}>
            Search
          </button>
        </form>
        <SelectField id={ids.sort} label="Sort by" value={sortChoice} options={SORTS} onChange={refilter(setSortChoice)} />
        {filtered && (
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              setDecisions([]);
              setStatusChoice("");
              setSearch("");
              setOrderId("");
              setCursors([undefined]);
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm font-medium text-slate-900" data-testid="matching">
          {page.data ? `${formatNumber(page.data.matching)} ${page.data.matching === 1 ? "row matches" : "rows match"}${filtered ? " the filters" : ""}.` : ""}
        </p>
        {finished && filtered && page.data && page.data.matching > 0 && (
          <a href={`/batches/${batchId}/download?${downloadQuery(filter)}`} download className={button.secondary}>
            Download these {formatNumber(page.data.matching)} rows (CSV)
          </a>
        )}
        {page.data && page.data.matching > 0 && <CopyOrderIds filter={filterInput} />}
      </div>

      <div className="mt-3">
        {page.isPending ? (
          <Loading what="the rows" />
        ) : !page.data ? (
          <ErrorNote error={page.error} action="Could not load the rows" />
        ) : page.data.rows.length === 0 ? (
          <Empty>{filtered ? "No row matches these filters." : "This batch has no rows to show."}</Empty>
        ) : (
          <RowsTable
            rows={page.data.rows}
            confirmations={confirmations.data}
            captionId={ids.caption}
            caption={`Rows ${pageNo * PAGE_SIZE + 1} to ${pageNo * PAGE_SIZE + page.data.rows.length} of ${page.data.matching}, ${sort.name.toLowerCase()}`}
            onOpen={setOpen}
          />
        )}
        {page.error && page.data && <ErrorNote error={page.error} action="Could not refresh the rows" />}
      </div>

      {page.data && (pageNo > 0 || page.data.next_cursor) && (
        <nav aria-label="Pages of rows" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <button type="button" className={button.secondary} disabled={pageNo === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            ← Previous {PAGE_SIZE}
          </button>
          <span>
            Page {pageNo + 1} of {Math.max(1, Math.ceil(page.data.matching / PAGE_SIZE))}
          </span>
          <button type="button" className={button.secondary} disabled={!page.data.next_cursor || page.isPlaceholderData} onClick={() => setCursors([...cursors, page.data.next_cursor!])}>
            Next {PAGE_SIZE} →
          </button>
        </nav>
      )}
      {open && <RowDetail row={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function RowStatusBadge({ row }: { row: ResultRow }) {
  if (row.decision) return <DecisionBadge decision={row.decision} />;
  if (row.status === "failed") return <Badge tone="red">Failed</Badge>;
  if (row.status === "cancelled") return <Badge tone="slate">Cancelled</Badge>;
  return <Badge tone="blue">{row.status === "processing" ? "Verifying" : "Waiting"}</Badge>;
}

/** Memoised: ticking a filter re-renders the card at once, while the page shown stays the same until the new rows come. */
const RowsTable = memo(function RowsTable({
  rows,
  confirmations,
  caption,
  captionId,
  onOpen,
}: {
  rows: ResultRow[];
  confirmations: Outputs["confirmations"]["latest"] | undefined;
  caption: string;
  captionId: string;
  onOpen: (row: ResultRow) => void;
}) {
  const confirmationOf = new Map(confirmations?.map((c) => [c.verification_id, c]));
  // The decision and why come first, so a phone shows them before the table scrolls sideways.
  return (
    <div className="relative overflow-x-auto">
      {/* Fixed layout from the column widths: the browser lays the rows out in one pass instead of measuring every cell first. */}
      <table className="w-full min-w-[52rem] table-fixed text-left text-sm" aria-labelledby={captionId}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <colgroup>
          <col className="w-[5%]" />
          <col className="w-[12%]" />
          <col className="w-[11%]" />
          <col className="w-[6%]" />
          <col className="w-[24%]" />
          <col className="w-[17%]" />
          <col className="w-[17%]" />
          <col className="w-[8%]" />
        </colgroup>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 text-right">
              Row
            </th>
            <th scope="col" className="py-2 pr-3">
              Order id
            </th>
            <th scope="col" className="py-2 pr-3">
              Decision
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Score
            </th>
            <th scope="col" className="py-2 pr-3">
              Why
            </th>
            <th scope="col" className="py-2 pr-3">
              Address as sent
            </th>
            <th scope="col" className="py-2 pr-3">
              Cleaned address
            </th>
            <th scope="col" className="py-2">
              Pincode
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className={`border-b border-slate-200 align-top ${r.status === "cancelled" ? "bg-slate-50 text-slate-600" : ""}`} data-row={r.row}>
              <td className="py-2 pr-3 text-right tabular-nums" elementtiming="batch-row">
                {r.row}
              </td>
              <td className="break-words py-2 pr-3 font-mono">
                {r.verification_id ? (
                  <button
                    type="button"
                    className="break-all text-left text-blue-800 underline hover:text-blue-950"
                    // The visible order id must be in the name as it is, not in parentheses (axe: label-content-name-mismatch).
                    aria-label={`Open row ${r.row}${r.order_id ? `, order ${r.order_id}` : ""}`}
                    onClick={() => onOpen(r)}
                  >
                    {r.order_id ?? "Open"}
                  </button>
                ) : (
                  (r.order_id ?? "—")
                )}
              </td>
              <td className="py-2 pr-3" data-testid="row-decision">
                <RowStatusBadge row={r} />
                {r.verification_id && confirmationOf.has(r.verification_id) && (
                  <span className="mt-1 block" data-testid="row-confirmation">
                    <ConfirmationStatusBadge status={confirmationOf.get(r.verification_id)!.status} />
                  </span>
                )}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{r.score ?? "—"}</td>
              <td className="break-words py-2 pr-3" data-testid="row-why">
                {r.error ? (
                  <p className="text-red-900">{r.error.message}</p>
                ) : r.status === "cancelled" ? (
                  <p>Not verified: the batch was cancelled before this row started.</p>
                ) : r.reasons.length === 1 ? (
                  r.reasons[0]!.message
                ) : r.reasons.length ? (
                  <ul className="list-disc space-y-0.5 pl-4">
                    {r.reasons.map((reason) => (
                      <li key={reason.code}>{reason.message}</li>
                    ))}
                  </ul>
                ) : r.decision ? (
                  "—"
                ) : (
                  "Not verified yet."
                )}
              </td>
              <td className="whitespace-pre-line break-words py-2 pr-3">{r.address ?? "—"}</td>
              <td className="break-words py-2 pr-3">{r.normalized ?? "—"}</td>
              <td className="py-2 tabular-nums">
                {r.pincode ?? "—"}
                {r.suggested_pincode && <span className="block text-amber-900">Suggested: {r.suggested_pincode}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** Copies the order ids of every filtered row (not just this page), one a line. */
function CopyOrderIds({ filter }: { filter: { batch_id: string; decisions: Decision[]; statuses: RowStatus[]; order_id?: string } }) {
  const utils = api.useUtils();
  const [state, setState] = useState<{ ids: string[]; copied: boolean } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const copy = async () => {
    setError(null);
    try {
      const ids = await utils.console.batchResults.orderIds.fetch(filter);
      try {
        await navigator.clipboard.writeText(ids.join("\n"));
        setState({ ids, copied: true });
      } catch {
        setState({ ids, copied: false });
      }
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <button type="button" className={button.secondary} onClick={copy}>
        Copy order ids
      </button>
      <span role="status" className="text-sm text-slate-800">
        {state?.copied && `Copied ${formatNumber(state.ids.length)} order ${state.ids.length === 1 ? "id" : "ids"}, one a line.`}
      </span>
      {state && !state.copied && (
        <label className="block w-full text-sm">
          Could not copy: the order ids are selected below, press Ctrl+C (⌘C).
          <textarea readOnly autoFocus rows={4} value={state.ids.join("\n")} onFocus={(e) => e.currentTarget.select()} className={`${input} mt-1 font-mono`} />
        </label>
      )}
      {error !== null && <ErrorNote error={error} action="Could not read the order ids" />}
    </>
  );
}
