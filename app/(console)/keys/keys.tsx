"use client";

import { useId, useState } from "react";
import { ConfirmButton } from "../_lib/confirm";
import { ErrorNote, QueryState } from "../_lib/errors";
import { FigureTable } from "../_lib/figure-table";
import { formatDateTime } from "../_lib/format";
import { SecretOnce } from "../_lib/secret";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, fieldText, input, label, ViewerNote } from "../_lib/ui";

type Key = Outputs["console"]["keys"]["list"][number];

export function Keys() {
  const me = useMe();
  const keys = api.console.keys.list.useQuery();
  const canManage = me.role !== "viewer";
  return (
    <div className="space-y-4">
      {canManage ? <CreateKey /> : <ViewerNote>Viewers can see the keys but not create or revoke them.</ViewerNote>}
      <Card title="Keys">
        <QueryState query={keys} what="keys" empty="No keys yet.">
          {(data) => (
            <FigureTable
              caption="API keys, active first"
              rows={data}
              rowKey={(k) => k.id}
              rowData={(k) => ({ "data-key-prefix": k.prefix })}
              columns={[
                { label: "Name", cell: (k) => k.name ?? <span className="text-slate-600">Unnamed</span> },
                {
                  label: "Key",
                  className: "font-mono",
                  cell: (k) => `${k.prefix}…${k.last4}`,
                },
                { label: "Kind", cell: (k) => (k.kind === "live" ? "Live" : "Test") },
                { label: "Created", className: "whitespace-nowrap", cell: (k) => formatDateTime(k.createdAt) },
                { label: "Last used", className: "whitespace-nowrap", cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never") },
                {
                  label: "Status",
                  cell: (k) => (k.revokedAt ? <Badge tone="slate">Revoked {formatDateTime(k.revokedAt)}</Badge> : <Badge tone="green">Active</Badge>),
                },
                ...(canManage ? [{ label: "Actions", header: <span className="sr-only">Actions</span>, cell: (k: Key) => <Revoke k={k} /> }] : []),
              ]}
            />
          )}
        </QueryState>
      </Card>
    </div>
  );
}

function Revoke({ k }: { k: Key }) {
  const utils = api.useUtils();
  const revoke = api.console.keys.revoke.useMutation({ onSuccess: () => utils.console.keys.list.invalidate() });
  return (
    <>
      {!k.revokedAt && (
        <ConfirmButton
          label="Revoke"
          name={`Revoke ${k.prefix}…${k.last4}`}
          question="Revoke this key? Requests with it are refused at once; this cannot be undone."
          confirmLabel="Yes, revoke"
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate({ key_id: k.id })}
        />
      )}
      {revoke.error && <ErrorNote error={revoke.error} action="The key was not revoked" />}
    </>
  );
}

function CreateKey() {
  const utils = api.useUtils();
  const [created, setCreated] = useState<{ secret: string; kind: string } | null>(null);
  const create = api.console.keys.create.useMutation({
    onSuccess: (k) => {
      setCreated({ secret: k.secret, kind: k.kind });
      void utils.console.keys.list.invalidate();
    },
  });
  const ids = { kind: useId(), name: useId() };

  return (
    <Card title="Create a key">
      {created ? (
        <SecretOnce label={`Your new ${created.kind} key`} secret={created.secret} onDone={() => setCreated(null)} />
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const name = fieldText(form, "name").trim();
            create.mutate({ kind: form.get("kind") === "test" ? "test" : "live", ...(name ? { name } : {}) });
          }}
        >
          <div>
            <label htmlFor={ids.kind} className={label}>
              Kind
            </label>
            <select id={ids.kind} name="kind" defaultValue="live" className={`${input} mt-1`}>
              <option value="live">Live</option>
              <option value="test">Test</option>
            </select>
          </div>
          <div className="min-w-48 flex-1">
            <label htmlFor={ids.name} className={label}>
              Name (optional)
            </label>
            <input id={ids.name} name="name" maxLength={100} placeholder="e.g. Shopify store" className={`${input} mt-1`} />
          </div>
          <button type="submit" className={button.primary} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </button>
        </form>
      )}
      {create.error && (
        <div className="mt-3">
          <ErrorNote error={create.error} action="The key was not created" />
        </div>
      )}
    </Card>
  );
}
