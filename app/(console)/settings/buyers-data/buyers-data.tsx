"use client";

import { useId, useState } from "react";
import { FigureTable } from "../../_lib/figure-table";
import { ConfirmButton } from "../../_lib/confirm";
import { ErrorNote, QueryState } from "../../_lib/errors";
import { formatDateTime } from "../../_lib/format";
import { api, useMe, type Outputs } from "../../_lib/trpc";
import { button, Card, input, label, ViewerNote } from "../../_lib/ui";

type Erasure = Outputs["privacy"]["erase"];
type Counts = Erasure["redacted"];
const RETENTION = { min: 30, max: 730 };

const countsText = (c: Counts) => `${c.verifications} verifications, ${c.confirmations} confirmations, ${c.batch_rows} batch rows, ${c.webhook_deliveries} webhook deliveries`;

export function BuyersData() {
  const me = useMe();
  return (
    <div className="space-y-4">
      <Retention canEdit={me.role === "owner"} />
      {me.role === "viewer" ? <ViewerNote>Only owners and admins can erase a buyer&apos;s data.</ViewerNote> : <Erase />}
      <Requests />
    </div>
  );
}

function Retention({ canEdit }: { canEdit: boolean }) {
  const utils = api.useUtils();
  const settings = api.privacy.settings.useQuery();
  const [days, setDays] = useState<string | null>(null);
  const save = api.privacy.updateSettings.useMutation({ onSuccess: () => utils.privacy.settings.invalidate().then(() => setDays(null)) });
  const id = useId();
  return (
    <Card title="How long buyers' data is kept">
      <QueryState query={settings} what="retention">
        {(s) => (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ retention_days: Number(days ?? s.retention_days) });
            }}
          >
            <div>
              <label htmlFor={id} className={label}>
                Retention in days ({RETENTION.min}–{RETENTION.max})
              </label>
              <input
                id={id}
                name="retention_days"
                type="number"
                inputMode="numeric"
                min={RETENTION.min}
                max={RETENTION.max}
                step={1}
                required
                readOnly={!canEdit}
                value={days ?? String(s.retention_days)}
                onChange={(e) => setDays(e.target.value)}
                className={`${input} mt-1 w-32`}
              />
            </div>
            {canEdit && (
              <button type="submit" className={button.primary} disabled={save.isPending}>
                {save.isPending ? "Saving…" : "Save"}
              </button>
            )}
          </form>
        )}
      </QueryState>
      <p className="mt-2 text-sm text-slate-700">Every day, verifications older than this lose their address, order id and location. {canEdit ? "" : "Only an owner can change it."}</p>
      {save.isSuccess && days === null && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Saved.
        </p>
      )}
      {save.error && <ErrorNote error={save.error} action="The retention was not changed" />}
    </Card>
  );
}

function Erase() {
  const utils = api.useUtils();
  const [orderId, setOrderId] = useState("");
  const [done, setDone] = useState<Erasure | null>(null);
  const erase = api.privacy.erase.useMutation({
    onSuccess: (r) => {
      setDone(r);
      setOrderId("");
      void utils.privacy.erasures.invalidate();
    },
  });
  const id = useId();
  const trimmed = orderId.trim();
  return (
    <Card title="Erase a buyer's data">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={id} className={label}>
            Order id
          </label>
          <input id={id} name="order_id" maxLength={128} value={orderId} onChange={(e) => setOrderId(e.target.value)} className={`${input} mt-1`} autoComplete="off" />
        </div>
        {trimmed && (
          <ConfirmButton
            label="Erase"
            name={`Erase the data of order ${trimmed}`}
            question={`Erase the address, location and order id of every verification of order ${trimmed}? This cannot be undone.`}
            confirmLabel="Yes, erase"
            pending={erase.isPending}
            onConfirm={() => erase.mutate({ order_id: trimmed })}
          />
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        The verifications of the order, its confirmations, batch rows and webhook events are redacted at once, and the address&apos;s delivery history is forgotten.
      </p>
      {done && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Erased: {countsText(done.redacted)}.
        </p>
      )}
      {erase.error && <ErrorNote error={erase.error} action="Nothing was erased" />}
    </Card>
  );
}

function Requests() {
  const list = api.privacy.erasures.useQuery({ limit: 50 });
  return (
    <Card title="Past erasure requests">
      <QueryState query={list} what="erasure requests">
        {(data) =>
          data.erasures.length === 0 ? (
            <p className="text-sm text-slate-700">No erasure requests yet.</p>
          ) : (
            <FigureTable
              caption="Past erasure requests"
              rows={data.erasures}
              rowKey={(e) => e.erasure_id}
              columns={[
                { label: "Requested", cell: (e) => formatDateTime(e.requested_at) },
                { label: "By", cell: (e) => e.requested_by.member ?? (e.requested_by.key_id ? `API key ${e.requested_by.key_id}` : "Operator (command line)") },
                { label: "Named", cell: (e) => (e.subject === "order_id" ? "An order id (not kept)" : `Verification ${e.verification_id}`) },
                { label: "Redacted", cell: (e) => countsText(e.redacted) },
              ]}
            />
          )
        }
      </QueryState>
    </Card>
  );
}
