"use client";

import { useId, useState } from "react";
import type { ConsoleMode } from "~/lib/shared";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH } from "~/lib/shared";
import { ErrorNote } from "../_lib/errors";
import { formatDateTime, formatDigipin } from "../_lib/format";
import { api, modeContext, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, Empty, input, label } from "../_lib/ui";
import { DigipinCell } from "./digipin-cell";

type Verification = Outputs["verifications"]["verify"];
type Found = Outputs["console"]["findVerifications"][number];

const OUTCOMES = [
  ["delivered", "Delivered"],
  ["rto", "Returned to origin (RTO)"],
  ["customer_refused", "Customer refused"],
  ["address_issue", "Address issue"],
  ["lost", "Lost"],
  ["cancelled", "Cancelled"],
] as const;

export function Verify({ fixtures }: { fixtures: { address: string; decision: string }[] }) {
  const [shown, setShown] = useState<(Verification & { outcome?: Found["outcome"] }) | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <div className="space-y-4">
        <VerifyForm fixtures={fixtures} onResult={setShown} />
        <Lookup onPick={setShown} />
      </div>
      <div className="space-y-4">{shown ? <Result v={shown} key={shown.verification_id} /> : <Card title="Result"><Empty>Verify an address or look one up to see its decision here.</Empty></Card>}</div>
    </div>
  );
}

function VerifyForm({ fixtures, onResult }: { fixtures: { address: string; decision: string }[]; onResult: (v: Verification) => void }) {
  const me = useMe();
  const canLive = me.role !== "viewer";
  const [mode, setMode] = useState<ConsoleMode>(canLive ? "live" : "test");
  const [address, setAddress] = useState("");
  const [orderId, setOrderId] = useState("");
  const ids = { address: useId(), orderId: useId(), fixture: useId() };
  const verify = api.verifications.verify.useMutation({ ...modeContext(mode), onSuccess: onResult });

  return (
    <Card title="Verify an address">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          verify.mutate({ address: address.trim(), ...(orderId.trim() ? { order_id: orderId.trim() } : {}) });
        }}
      >
        <fieldset>
          <legend className={label}>Mode</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="live" checked={mode === "live"} disabled={!canLive} onChange={() => setMode("live")} />
              Live: any address, 1 unit
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="test" checked={mode === "test"} onChange={() => setMode("test")} />
              Test: sample addresses only, free
            </label>
          </div>
          {!canLive && <p className="mt-1 text-sm text-slate-700">Viewers can verify in test mode only: live verifications use the plan&apos;s units.</p>}
        </fieldset>
        {mode === "test" && (
          <div>
            <label htmlFor={ids.fixture} className={label}>
              Sample address
            </label>
            <select id={ids.fixture} className={`${input} mt-1`} value="" onChange={(e) => e.target.value && setAddress(e.target.value)}>
              <option value="">Choose a sample to fill in the address…</option>
              {fixtures.map((f) => (
                <option key={f.address} value={f.address}>
                  {f.decision}: {f.address}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={ids.address} className={label}>
            Address
          </label>
          <textarea
            id={ids.address}
            required
            minLength={ADDRESS_MIN_LENGTH}
            maxLength={ADDRESS_MAX_LENGTH}
            rows={3}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className={`${input} mt-1`}
            placeholder="Flat 302, Prestige Shantiniketan, Whitefield Main Road, Bengaluru 560066"
          />
        </div>
        <div>
          <label htmlFor={ids.orderId} className={label}>
            Order id (optional)
          </label>
          <input id={ids.orderId} value={orderId} onChange={(e) => setOrderId(e.target.value)} maxLength={128} className={`${input} mt-1`} />
        </div>
        <button type="submit" className={button.primary} disabled={verify.isPending}>
          {verify.isPending ? "Verifying…" : mode === "live" ? "Verify (live)" : "Verify (test)"}
        </button>
        {verify.error && <ErrorNote error={verify.error} action="The address was not verified" />}
      </form>
    </Card>
  );
}

function Lookup({ onPick }: { onPick: (v: Found) => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState<string | null>(null);
  const id = useId();
  const found = api.console.findVerifications.useQuery({ query: query ?? "" }, { enabled: query !== null });

  return (
    <Card title="Look up a verification">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={label}>
            Verification id or order id
          </label>
          <input id={id} required value={text} onChange={(e) => setText(e.target.value)} className={`${input} mt-1`} placeholder="ver_… or ORD-10042" />
        </div>
        <button type="submit" className={button.secondary}>
          Look up
        </button>
      </form>
      <div className="mt-3" aria-live="polite">
        {query !== null && found.isFetching && <p className="text-sm text-slate-700">Looking up…</p>}
        {found.error && <ErrorNote error={found.error} action="Could not look it up" />}
        {found.data && found.data.length === 0 && <Empty>No verification in this workspace has the id or order id “{query}”.</Empty>}
        {found.data && found.data.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {found.data.map((v) => (
              <li key={v.verification_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <DecisionBadge decision={v.decision} /> <code>{v.verification_id}</code>
                  {v.order_id && ` · order ${v.order_id}`} · {v.livemode ? "live" : "test"} · {formatDateTime(v.created_at)}
                </span>
                <button type="button" className={button.secondary} onClick={() => onPick(v)}>
                  Show
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function DecisionBadge({ decision, large }: { decision: Verification["decision"]; large?: boolean }) {
  const tone = decision === "SHIP" ? "green" : decision === "REVIEW" ? "amber" : "red";
  return (
    <Badge tone={tone} large={large}>
      {decision}
    </Badge>
  );
}

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

function Result({ v }: { v: Verification & { outcome?: Found["outcome"] } }) {
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
      <OutcomeForm v={v} />
    </>
  );
}

function OutcomeForm({ v }: { v: Verification & { outcome?: Found["outcome"] } }) {
  const me = useMe();
  const report = api.verifications.reportOutcome.useMutation();
  const ids = { outcome: useId(), courier: useId() };
  if (!v.livemode) return <Card title="Delivery outcome"><p className="text-sm text-slate-700">Outcomes are recorded for live verifications only; test verifications never enter the delivery history.</p></Card>;
  if (me.role === "viewer") return <Card title="Delivery outcome"><p className="text-sm text-slate-700">{v.outcome ? `Reported: ${v.outcome}.` : "No outcome reported yet."} Viewers cannot report outcomes.</p></Card>;

  return (
    <Card title="Delivery outcome">
      {v.outcome && <p className="mb-2 text-sm text-slate-800">Already reported: {v.outcome}. The first report is the one kept.</p>}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const courier = String(form.get("courier") ?? "").trim();
          report.mutate({ verification_id: v.verification_id, outcome: form.get("outcome") as (typeof OUTCOMES)[number][0], ...(courier ? { courier } : {}) });
        }}
      >
        <div>
          <label htmlFor={ids.outcome} className={label}>
            What happened
          </label>
          <select id={ids.outcome} name="outcome" className={`${input} mt-1`} defaultValue="delivered">
            {OUTCOMES.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
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
        {report.data && (report.data.duplicate ? <p>An outcome was already reported for this verification; nothing changed.</p> : <p className="text-green-800">✓ Outcome recorded. It will inform later verifications of this address.</p>)}
      </div>
      {report.error && <ErrorNote error={report.error} action="The outcome was not recorded" />}
    </Card>
  );
}
