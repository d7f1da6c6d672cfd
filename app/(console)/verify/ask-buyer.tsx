"use client";

import { useId, useRef, useState } from "react";
import { ErrorNote, QueryState } from "../_lib/errors";
import { formatDateTime, formatDigipin } from "../_lib/format";
import { api, modeContext, useMe, type Outputs } from "../_lib/trpc";
import { button, Card, ConfirmationStatusBadge, DecisionBadge, input, label } from "../_lib/ui";

type Confirmation = Outputs["confirmations"]["get"];

/**
 * "Ask the buyer to confirm": makes a confirmation link for this verification (in its own mode, as a
 * key of its kind would) and shows the newest link with a copy button, its status and, once the
 * buyer confirmed, the new verification.
 */
export function AskBuyer({ v }: { v: { verification_id: string; livemode: boolean } }) {
  const me = useMe();
  const utils = api.useUtils();
  const ids = { locale: useId() };
  const [locale, setLocale] = useState<"en" | "hi">("en");
  const latest = api.confirmations.latest.useQuery({ verification_ids: [v.verification_id] });
  const create = api.confirmations.create.useMutation({ ...modeContext(v.livemode ? "live" : "test"), onSuccess: () => utils.confirmations.latest.invalidate() });
  // A viewer may make test links (free) but not live ones: the buyer's answer costs a unit.
  const mayCreate = me.role !== "viewer" || !v.livemode;

  return (
    <Card title="Ask the buyer to confirm">
      <p className="text-sm text-slate-700">
        Send the buyer a link (on WhatsApp or SMS) where they correct the address and share their phone&apos;s location. Their answer is verified as a new verification
        {v.livemode ? " (1 unit)" : " (test: simulated, free)"} and sent to your webhooks as <code>address.confirmed</code>.
      </p>
      <QueryState query={latest} what="the confirmation link">
        {(list) => {
          const c = list[0];
          return (
            <div className="mt-3 space-y-3">
              {c && <ConfirmationDetails c={c} onRefresh={() => void latest.refetch()} />}
              {(!c || c.status !== "pending") &&
                (mayCreate ? (
                  <form
                    className="flex flex-wrap items-end gap-3"
                    onSubmit={(e) => {
                      e.preventDefault();
                      create.mutate({ verification_id: v.verification_id, locale });
                    }}
                  >
                    <div>
                      <label htmlFor={ids.locale} className={label}>
                        The page&apos;s language
                      </label>
                      <select id={ids.locale} className={`${input} mt-1`} value={locale} onChange={(e) => setLocale(e.target.value as "en" | "hi")}>
                        <option value="en">English</option>
                        <option value="hi">Hindi (हिन्दी)</option>
                      </select>
                    </div>
                    <button type="submit" className={button.primary} disabled={create.isPending}>
                      {create.isPending ? "Making the link…" : c ? "Make a new link" : "Ask the buyer to confirm"}
                    </button>
                  </form>
                ) : (
                  <p className="text-sm text-slate-700">Viewers cannot ask for live confirmations: the buyer&apos;s answer uses the plan&apos;s units.</p>
                ))}
              {create.error && <ErrorNote error={create.error} action="The link was not made" />}
            </div>
          );
        }}
      </QueryState>
    </Card>
  );
}

function ConfirmationDetails({ c, onRefresh }: { c: Confirmation; onRefresh: () => void }) {
  return (
    <div className="space-y-2 text-sm" data-testid="confirmation">
      <p className="flex flex-wrap items-center gap-2">
        <ConfirmationStatusBadge status={c.status} /> <code className="text-xs">{c.confirmation_id}</code>
        {c.status === "pending" && <span className="text-slate-700">until {formatDateTime(c.expires_at)}</span>}
        <button type="button" className={button.secondary} onClick={onRefresh}>
          Check again
        </button>
      </p>
      {c.status === "pending" && <CopyLink url={c.url} />}
      {c.status === "confirmed" && <Confirmed c={c} />}
    </div>
  );
}

function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      ref.current?.select();
      setCopied("failed");
    }
  };
  return (
    <div>
      <label htmlFor={id} className={label}>
        Link for the buyer
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input ref={ref} id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className={`${input} min-w-0 flex-1 font-mono text-xs`} />
        <button type="button" className={button.secondary} onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 text-slate-700">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Could not copy: the link is selected, press Ctrl+C (⌘C)." : ""}
      </p>
    </div>
  );
}

function Confirmed({ c }: { c: Confirmation }) {
  const found = api.console.findVerifications.useQuery({ query: c.new_verification_id! });
  return (
    <div className="rounded-md border border-green-300 bg-green-50 p-3">
      <p>
        Confirmed {formatDateTime(c.confirmed_at)}. {c.changed?.length ? `The buyer changed: ${c.changed.join(", ")}.` : "The buyer changed nothing."}{" "}
        {c.device_location
          ? `Location shared: DIGIPIN ${formatDigipin(c.device_location.digipin)}, accurate to ${c.device_location.accuracy_m} m${c.device_location.used ? "." : "; not used (too coarse, or over 25 km from the pincode)."}`
          : "No location inside India was shared."}
      </p>
      <QueryState query={found} what="the new verification">
        {(list) => {
          const n = list.find((x) => x.verification_id === c.new_verification_id);
          if (!n) return <p className="mt-2">The new verification is no longer kept.</p>;
          return (
            <div className="mt-2" data-testid="new-verification">
              <p className="flex flex-wrap items-center gap-2">
                New verification <code>{n.verification_id}</code> <DecisionBadge decision={n.decision} /> score {n.score}
              </p>
              <p className="mt-1">{n.normalized}</p>
              {n.digipin && (
                <p className="mt-1">
                  DIGIPIN <span className="font-mono font-semibold">{formatDigipin(n.digipin)}</span> (precision: {n.location?.precision})
                </p>
              )}
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}
