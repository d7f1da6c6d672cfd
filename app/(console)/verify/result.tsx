"use client";

import { useId } from "react";
import { OUTCOME_KINDS, type OutcomeKind } from "~/lib/words";
import { ErrorNote } from "../_lib/errors";
import { formatDateTime, formatDigipin, formatRupeesWhole } from "../_lib/format";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, DecisionBadge, fieldText, input, label } from "../_lib/ui";
import { AskBuyer } from "./ask-buyer";
import { DigipinCell } from "./digipin-cell";

/**
 * One verification in full: decision, score, reasons in words, the normalised address and its parts,
 * pincode, delivery history, the DIGIPIN with its cell, and the delivery outcome form. The Verify
 * page and a batch's row show it alike.
 */

type Verification = Outputs["addresses"]["verify"];
type Found = Outputs["console"]["findVerifications"][number];
export type ShownVerification = Verification & { outcome?: Found["outcome"]; synthetic?: Found["synthetic"] };

const OUTCOME_NAMES: Record<OutcomeKind, string> = {
  delivered: "Delivered",
  rto: "Returned to origin (RTO)",
  customer_refused: "Customer refused",
  address_issue: "Address issue",
  lost: "Lost",
  cancelled: "Cancelled",
};

const COMPONENTS: [keyof Verification["components"], string][] = [
  ["house", "House / flat"],
  ["building", "Building"],
  ["street", "Street"],
  ["locality", "Locality"],
  ["landmark", "Landmark"],
  ["city", "City"],
  ["district", "District"],
  ["state", "State"],
  ["pincode", "Pincode"],
];

export function VerificationResult({ v }: { v: ShownVerification }) {
  return (
    <>
      <Card title="Result">
        <div className="flex flex-wrap items-center gap-3" aria-live="polite">
          <span data-testid="decision">
            <DecisionBadge decision={v.decision} large />
          </span>
          <span className="text-lg text-slate-900">
            Score <strong className="tabular-nums">{v.score}</strong>/100
          </span>
          <span className="text-sm text-slate-700">confirmed to the {v.validation_level === "none" ? "— (nothing confirmed)" : `${v.validation_level} level`}</span>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          <code className="select-all">{v.verification_id}</code> · {v.livemode ? "live" : "test"}
          {v.order_id && ` · order ${v.order_id}`} · {formatDateTime(v.created_at)} · provider {v.provider.called ? `${v.provider.name} called` : "not called"}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Decided by policy version <span data-testid="policy-version">{v.policy_version}</span> · delivery probability {Math.round(v.delivery_probability * 100)}%
          {v.payment_method && ` · ${v.payment_method === "cod" ? "cash on delivery" : "prepaid"}`}
          {v.order_value !== null && ` · order value ${formatRupeesWhole(v.order_value)}`}
          {v.synthetic && (
            <>
              {" "}
              <Badge tone="blue">Synthetic demo data</Badge>
            </>
          )}
        </p>
        <h3 className="mt-4 font-semibold text-slate-900">Why</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
          {v.reasons.map((r) => (
            <li key={r.code}>
              {r.message} <code className="text-xs text-slate-600">{r.code}</code>
            </li>
          ))}
        </ul>
        <h3 className="mt-4 font-semibold text-slate-900">Normalised address</h3>
        <p className="text-sm">{v.normalized}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {COMPONENTS.map(([k, name]) => (
            <div key={k} className="contents">
              <dt className="text-slate-700">{name}</dt>
              <dd className="text-slate-900">{v.components[k] ?? "—"}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 font-semibold text-slate-900">Pincode</h3>
        <p className="text-sm">{v.pincode ? `${v.pincode.code}: ${v.pincode.district}, ${v.pincode.state}` : "No known six-digit pincode in the address."}</p>
        <h3 className="mt-4 font-semibold text-slate-900">Delivery history at this address</h3>
        <p className="text-sm">
          {Object.values(v.history).every((n) => n === 0)
            ? "No outcomes reported yet."
            : Object.entries(v.history)
                .filter(([, n]) => n > 0)
                .map(([k, n]) => `${k.replace("_", " ")}: ${n}`)
                .join(", ")}
        </p>
      </Card>
      <Card title="DIGIPIN">
        {v.digipin ? (
          <>
            <p className="mb-2 font-mono text-lg font-semibold" data-testid="digipin">
              {formatDigipin(v.digipin)}
            </p>
            {v.location && (
              <p className="mb-2 text-sm text-slate-700">
                Location {v.location.lat.toFixed(6)}, {v.location.lng.toFixed(6)} (precision: {v.location.precision})
              </p>
            )}
            <DigipinCell digipin={v.digipin} location={v.location} />
          </>
        ) : (
          <p className="text-sm text-slate-700">No DIGIPIN: the address could not be located.</p>
        )}
      </Card>
      <AskBuyer v={v} />
      <OutcomeForm v={v} />
    </>
  );
}

function OutcomeForm({ v }: { v: ShownVerification }) {
  const me = useMe();
  const utils = api.useUtils();
  // A look-up made later (the Verify page, a batch's row) shows the outcome just reported.
  const report = api.outcomes.report.useMutation({ onSuccess: () => utils.console.findVerifications.invalidate() });
  const ids = { outcome: useId(), courier: useId() };
  if (!v.livemode)
    return (
      <Card title="Delivery outcome">
        <p className="text-sm text-slate-700">Outcomes are recorded for live verifications only; test verifications never enter the delivery history.</p>
      </Card>
    );
  if (me.role === "viewer")
    return (
      <Card title="Delivery outcome">
        <p className="text-sm text-slate-700">{v.outcome ? `Reported: ${v.outcome}.` : "No outcome reported yet."} Viewers cannot report outcomes.</p>
      </Card>
    );

  return (
    <Card title="Delivery outcome">
      {v.outcome && <p className="mb-2 text-sm text-slate-800">Already reported: {v.outcome}. The first report is the one kept.</p>}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const courier = fieldText(form, "courier").trim();
          report.mutate({ verification_id: v.verification_id, outcome: form.get("outcome") as OutcomeKind, ...(courier ? { courier } : {}) });
        }}
      >
        <div>
          <label htmlFor={ids.outcome} className={label}>
            What happened
          </label>
          <select id={ids.outcome} name="outcome" className={`${input} mt-1`} defaultValue="delivered">
            {OUTCOME_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {OUTCOME_NAMES[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.courier} className={label}>
            Courier (optional)
          </label>
          <input id={ids.courier} name="courier" maxLength={100} className={`${input} mt-1`} />
        </div>
        <button type="submit" className={button.primary} disabled={report.isPending}>
          {report.isPending ? "Reporting…" : "Report outcome"}
        </button>
      </form>
      <div aria-live="polite" className="mt-2 text-sm">
        {report.data &&
          (report.data.duplicate ? (
            <p>An outcome was already reported for this verification; nothing changed.</p>
          ) : (
            <p className="text-green-800">✓ Outcome recorded. It will inform later verifications of this address.</p>
          ))}
      </div>
      {report.error && <ErrorNote error={report.error} action="The outcome was not recorded" />}
    </Card>
  );
}
