"use client";

import Papa from "papaparse";
import { useId, useState } from "react";
import { ErrorNote } from "../../_lib/errors";
import { formatNumber } from "../../_lib/format";
import { api, useMe } from "../../_lib/trpc";
import { button, Card, input, label } from "../../_lib/ui";

/**
 * The links as the seller's messaging tool reads them. A cell a spreadsheet would run as a formula is
 * neutralised by its first character alone (papaparse's own `true` misses one with a line break; the
 * server's results CSV uses the same pattern).
 */
function linksCsv(links: { order_id: string | null; confirmation: { confirmation_id: string; url: string; expires_at: string } }[]): string {
  return Papa.unparse(
    {
      fields: ["order_id", "confirmation_id", "url", "expires_at"],
      data: links.map((l) => [l.order_id ?? "", l.confirmation.confirmation_id, l.confirmation.url, l.confirmation.expires_at]),
    },
    { escapeFormulae: /^[=+\-@\t\r]/ },
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * Confirmation links for every REVIEW and HOLD row of the batch at once (pending links are reused),
 * downloaded as `order_id,confirmation_id,url,expires_at` for the seller's WhatsApp or SMS tool.
 */
export function ConfirmLinks({ batchId }: { batchId: string }) {
  const me = useMe();
  const counts = api.console.batchResults.counts.useQuery({ batch_id: batchId });
  const reviewOrHold = (counts.data?.REVIEW ?? 0) + (counts.data?.HOLD ?? 0);
  const utils = api.useUtils();
  const id = useId();
  const [locale, setLocale] = useState<"en" | "hi">("en");
  const make = api.confirmations.forBatch.useMutation({
    onSuccess: (links) => {
      download(`${batchId}-confirmation-links.csv`, linksCsv(links));
      void utils.confirmations.latest.invalidate();
    },
  });
  if (me.role === "viewer" || reviewOrHold === 0) return null;
  return (
    <Card title="Ask the buyers to confirm">
      <p className="text-sm text-slate-700">
        Make a confirmation link for each of the {formatNumber(reviewOrHold)} REVIEW and HOLD rows and download them as a CSV (order_id, confirmation_id, url, expires_at) for your WhatsApp
        or SMS tool. Each buyer&apos;s answer is verified again (1 unit) and sent to your webhooks as <code>address.confirmed</code>.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          make.mutate({ batch_id: batchId, locale });
        }}
      >
        <div>
          <label htmlFor={id} className={label}>
            The page&apos;s language
          </label>
          <select id={id} className={`${input} mt-1`} value={locale} onChange={(e) => setLocale(e.target.value as "en" | "hi")}>
            <option value="en">English</option>
            <option value="hi">Hindi (हिन्दी)</option>
          </select>
        </div>
        <button type="submit" className={button.primary} disabled={make.isPending}>
          {make.isPending ? "Making the links…" : "Make links and download (CSV)"}
        </button>
      </form>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {make.data && `Downloaded ${formatNumber(make.data.length)} ${make.data.length === 1 ? "link" : "links"}.`}
      </p>
      {make.error && <ErrorNote error={make.error} action="The links were not made" />}
    </Card>
  );
}
