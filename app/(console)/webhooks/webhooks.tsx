"use client";

import { useId, useState } from "react";
import { ConfirmButton } from "../_lib/confirm";
import { ErrorNote, QueryState } from "../_lib/errors";
import { FigureTable } from "../_lib/figure-table";
import { formatDateTime } from "../_lib/format";
import { SecretOnce } from "../_lib/secret";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, fieldText, input, label, ViewerNote } from "../_lib/ui";

type Endpoint = Outputs["console"]["webhooks"]["list"][number];
type Delivery = Outputs["console"]["webhooks"]["deliveries"][number];

export function Webhooks() {
  const me = useMe();
  const canManage = me.role !== "viewer";
  const endpoints = api.console.webhooks.list.useQuery();
  return (
    <div className="space-y-4">
      {canManage ? <AddEndpoint /> : <ViewerNote>Viewers can see the endpoints and deliveries but not change them.</ViewerNote>}
      <Card title="Endpoints">
        <QueryState query={endpoints} what="endpoints" empty="No endpoints yet.">
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.map((e) => (
                <EndpointItem key={e.id} e={e} canManage={canManage} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
      <Deliveries />
      <TestEvents />
    </div>
  );
}

function AddEndpoint() {
  const utils = api.useUtils();
  const [secret, setSecret] = useState<string | null>(null);
  const add = api.console.webhooks.add.useMutation({
    onSuccess: (r) => {
      setSecret(r.secret);
      void utils.console.webhooks.list.invalidate();
    },
  });
  const id = useId();
  return (
    <Card title="Add an endpoint">
      {secret ? (
        <SecretOnce label="Signing secret of the new endpoint" secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ url: fieldText(new FormData(e.currentTarget), "url") });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className={label}>
              Endpoint URL (https)
            </label>
            <input id={id} name="url" type="url" required placeholder="https://example.com/webhooks/dakiya" className={`${input} mt-1`} />
          </div>
          <button type="submit" className={button.primary} disabled={add.isPending}>
            {add.isPending ? "Adding…" : "Add endpoint"}
          </button>
        </form>
      )}
      {add.error && (
        <div className="mt-3">
          <ErrorNote error={add.error} action="The endpoint was not added" />
        </div>
      )}
    </Card>
  );
}

function EndpointItem({ e, canManage }: { e: Endpoint; canManage: boolean }) {
  const utils = api.useUtils();
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => Promise.all([utils.console.webhooks.list.invalidate(), utils.console.webhooks.deliveries.invalidate()]);
  const setEnabled = api.console.webhooks.setEnabled.useMutation({ onSuccess: refresh });
  const rotate = api.console.webhooks.rotateSecret.useMutation({ onSuccess: (r) => setSecret(r.secret) });
  const test = api.console.webhooks.sendTest.useMutation({ onSuccess: () => utils.console.webhooks.deliveries.invalidate() });
  // Removing an endpoint removes its delivery log with it.
  const remove = api.console.webhooks.remove.useMutation({ onSuccess: refresh });
  const failure = setEnabled.error ?? rotate.error ?? test.error ?? remove.error;

  return (
    <li className="py-3" data-webhook-id={e.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-900">{e.url}</p>
          <p className="mt-1 text-xs text-slate-700">
            {e.id} · added {formatDateTime(e.createdAt)}
          </p>
        </div>
        {e.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="slate">Disabled</Badge>}
      </div>
      {!e.enabled && e.disabledReason && (
        <p className="mt-1 text-sm text-slate-800">
          Disabled {formatDateTime(e.disabledAt)}: {e.disabledReason}
        </p>
      )}
      {canManage && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className={button.secondary} disabled={!e.enabled || test.isPending} onClick={() => test.mutate({ webhook_id: e.id })}>
            {test.isPending ? "Sending…" : "Send test event"}
          </button>
          <button type="button" className={button.secondary} disabled={setEnabled.isPending} onClick={() => setEnabled.mutate({ webhook_id: e.id, enabled: !e.enabled })}>
            {e.enabled ? "Disable" : "Enable"}
          </button>
          <ConfirmButton
            label="Rotate secret"
            question="Rotate the secret? Signatures with the old one stop at once, retries included."
            confirmLabel="Yes, rotate"
            pending={rotate.isPending}
            onConfirm={() => rotate.mutate({ webhook_id: e.id })}
          />
          <ConfirmButton
            label="Remove"
            name={`Remove ${e.url}`}
            question="Remove this endpoint and its delivery log? Events are no longer sent to it; this cannot be undone."
            confirmLabel="Yes, remove"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ webhook_id: e.id })}
          />
        </div>
      )}
      {test.data && (
        <p role="status" className="mt-2 text-sm text-slate-800">
          Test event queued as delivery <code>{test.data.deliveryId}</code>; its attempts appear below.
        </p>
      )}
      {secret && (
        <div className="mt-2">
          <SecretOnce label="New signing secret" secret={secret} onDone={() => setSecret(null)} />
        </div>
      )}
      {failure && (
        <div className="mt-2">
          <ErrorNote error={failure} action="That did not work" />
        </div>
      )}
    </li>
  );
}

const STATUS: Record<Delivery["status"], { tone: "green" | "amber" | "red"; words: string }> = {
  succeeded: { tone: "green", words: "Delivered" },
  pending: { tone: "amber", words: "Pending" },
  failed: { tone: "red", words: "Failed" },
};

function Deliveries() {
  const deliveries = api.console.webhooks.deliveries.useQuery(
    { limit: 50 },
    // Follow deliveries still being attempted.
    { refetchInterval: (q) => (q.state.data?.some((d) => d.status === "pending") ? 2000 : false) },
  );
  return (
    <Card title="Recent deliveries">
      <QueryState query={deliveries} what="deliveries" empty="No deliveries yet. Send a test event to an endpoint to see one.">
        {(data) => (
          <ul className="space-y-3">
            {data.map((d) => (
              <li key={d.id} className="rounded-md border border-slate-200 p-3" data-delivery-id={d.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold">{d.eventType}</span> to <span className="break-all font-mono">{d.url}</span>
                  </p>
                  <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].words}</Badge>
                </div>
                <p className="mt-1 text-xs text-slate-700">
                  {d.id} · created {formatDateTime(d.createdAt)}
                  {d.status === "pending" && d.nextAttemptAt ? ` · next attempt ${formatDateTime(d.nextAttemptAt)}` : ""}
                </p>
                {d.attemptLog.length > 0 && (
                  <div className="mt-2">
                    <FigureTable
                      caption={`Attempts of delivery ${d.id}`}
                      rows={d.attemptLog}
                      rowKey={(a) => String(a.attempt)}
                      columns={[
                        { label: "Attempt", numeric: true, cell: (a) => `#${a.attempt}` },
                        { label: "Result", cell: (a) => (a.ok ? "✓ OK" : "✕ Failed") },
                        { label: "Response code", numeric: true, data: () => ({ "data-testid": "response-code" }), cell: (a) => a.statusCode ?? "none" },
                        { label: "Latency", numeric: true, cell: (a) => `${a.latencyMs} ms` },
                        { label: "When", className: "whitespace-nowrap", cell: (a) => formatDateTime(a.createdAt) },
                        { label: "Error", className: "break-all", cell: (a) => a.error ?? "—" },
                      ]}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}

/** Test mode's events: recorded here, never sent to an endpoint (docs/webhooks.md, "Test mode"). */
function TestEvents() {
  const events = api.console.webhooks.testEvents.useQuery({ limit: 20 });
  return (
    <Card title="Test events (never sent)">
      <p className="mb-3 text-sm text-slate-700">
        Events of test mode, such as a buyer confirming a test confirmation link, are listed here with the exact body a live endpoint would get, and sent to no endpoint.
      </p>
      <QueryState query={events} what="test events" empty="No test events yet.">
        {(data) => (
          <ul className="space-y-3">
            {data.map((e) => (
              <li key={e.id} className="rounded-md border border-slate-200 p-3" data-test-event-id={e.id}>
                <p className="text-sm">
                  <span className="font-semibold">{e.type}</span> · {e.id} · {formatDateTime(e.createdAt)}
                </p>
                <details className="mt-1 text-xs">
                  <summary className="cursor-pointer text-slate-700">Body</summary>
                  <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all">{JSON.stringify(e.payload, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
