"use client";

import { useId, useState } from "react";
import type { ConsoleMode } from "~/lib/shared";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, ORDER_VALUE_MAX } from "~/lib/shared";
import type { PaymentMethod } from "~/lib/words";
import { ErrorNote } from "../_lib/errors";
import { formatDateTime } from "../_lib/format";
import { api, modeContext, useMe, type Outputs } from "../_lib/trpc";
import { button, Card, DecisionBadge, Empty, input, label } from "../_lib/ui";
import { VerificationResult, type ShownVerification } from "./result";

type Verification = Outputs["addresses"]["verify"];
type Found = Outputs["console"]["findVerifications"][number];

export function Verify({ fixtures }: { fixtures: { address: string; decision: string }[] }) {
  const [shown, setShown] = useState<ShownVerification | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <div className="space-y-4">
        <VerifyForm fixtures={fixtures} onResult={setShown} />
        <Lookup onPick={setShown} />
      </div>
      <div className="space-y-4">
        {shown ? (
          <VerificationResult v={shown} key={shown.verification_id} />
        ) : (
          <Card title="Result">
            <Empty>Verify an address or look one up to see its decision here.</Empty>
          </Card>
        )}
      </div>
    </div>
  );
}

function VerifyForm({ fixtures, onResult }: { fixtures: { address: string; decision: string }[]; onResult: (v: Verification) => void }) {
  const me = useMe();
  const canLive = me.role !== "viewer";
  const [mode, setMode] = useState<ConsoleMode>(canLive ? "live" : "test");
  const [address, setAddress] = useState("");
  const [orderId, setOrderId] = useState("");
  const [payment, setPayment] = useState<PaymentMethod | "">("");
  const [orderValue, setOrderValue] = useState("");
  const ids = { address: useId(), orderId: useId(), fixture: useId(), payment: useId(), orderValue: useId() };
  const verify = api.addresses.verify.useMutation({ ...modeContext(mode), onSuccess: onResult });

  return (
    <Card title="Verify an address">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          verify.mutate({
            address: address.trim(),
            ...(orderId.trim() ? { order_id: orderId.trim() } : {}),
            ...(payment ? { payment_method: payment } : {}),
            ...(orderValue.trim() ? { order_value: Number(orderValue) } : {}),
          });
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.payment} className={label}>
              Payment method (optional)
            </label>
            <select id={ids.payment} value={payment} onChange={(e) => setPayment(e.target.value as typeof payment)} className={`${input} mt-1`}>
              <option value="">Not given</option>
              <option value="cod">Cash on delivery (cod)</option>
              <option value="prepaid">Prepaid</option>
            </select>
          </div>
          <div>
            <label htmlFor={ids.orderValue} className={label}>
              Order value in rupees (optional)
            </label>
            <input
              id={ids.orderValue}
              type="number"
              inputMode="decimal"
              min={0}
              max={ORDER_VALUE_MAX}
              step="any"
              value={orderValue}
              onChange={(e) => setOrderValue(e.target.value)}
              className={`${input} mt-1`}
            />
          </div>
        </div>
        <p className="-mt-2 text-xs text-slate-700">The decision policy&apos;s rules may depend on the payment method and the order value.</p>
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
