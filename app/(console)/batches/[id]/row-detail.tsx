"use client";

import { useEffect, useRef } from "react";
import { QueryState } from "../../_lib/errors";
import { api } from "../../_lib/trpc";
import { button } from "../../_lib/ui";
import { VerificationResult } from "../../verify/result";
import type { ResultRow } from "./results-table";

/**
 * One row's verification in full, as the Verify page shows it (DIGIPIN cell and outcome form
 * included), in a modal dialog: focus moves into it, Escape or Close returns to the table.
 */
export function RowDetail({ row, onClose }: { row: ResultRow; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const found = api.console.findVerifications.useQuery({ query: row.verification_id! });
  useEffect(() => {
    // Unmounting removes the dialog, and with it the modal state: nothing to undo here.
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  const title = `Row ${row.row}${row.order_id ? `, order ${row.order_id}` : ""}`;

  return (
    <dialog
      ref={dialog}
      aria-label={title}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(56rem,calc(100vw_-_1rem))] overflow-y-auto rounded-lg bg-slate-50 p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <button type="button" className={button.secondary} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="space-y-4 p-4">
        <p className="whitespace-pre-line text-sm text-slate-800">
          <span className="font-medium">Address as sent:</span> {row.address}
        </p>
        <QueryState query={found} what="verification">
          {(list) => {
            const v = list.find((x) => x.verification_id === row.verification_id);
            return v ? <VerificationResult v={v} /> : <p className="text-sm text-slate-700">This verification is no longer kept.</p>;
          }}
        </QueryState>
      </div>
    </dialog>
  );
}
