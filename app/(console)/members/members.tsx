"use client";

import { useId, useState } from "react";
import { ConfirmButton } from "../_lib/confirm";
import { ErrorNote, QueryState } from "../_lib/errors";
import { formatDateTime } from "../_lib/format";
import { SecretOnce } from "../_lib/secret";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, fieldText, input, label, ViewerNote } from "../_lib/ui";

type Member = Outputs["console"]["members"]["list"][number];
const ROLES = { owner: "Owner", admin: "Admin", viewer: "Viewer" } as const;

export function Members() {
  const me = useMe();
  const canManage = me.role !== "viewer";
  const members = api.console.members.list.useQuery();
  const owners = members.data?.filter((m) => m.role === "owner").length ?? 0;
  return (
    <div className="space-y-4">
      {canManage ? <Invite /> : <ViewerNote>Viewers can see the members but not invite or remove anyone.</ViewerNote>}
      <Card title="Members">
        <QueryState query={members} what="members">
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.map((m) => (
                // Admins cannot remove owners, and the last owner stays.
                <MemberItem key={m.userId} m={m} canManage={canManage && (m.role !== "owner" || (me.role === "owner" && owners > 1))} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
    </div>
  );
}

function MemberItem({ m, canManage }: { m: Member; canManage: boolean }) {
  const utils = api.useUtils();
  const remove = api.console.members.remove.useMutation({
    onSuccess: () => (m.you ? window.location.assign("/sign-in") : utils.console.members.list.invalidate()),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-900">
          {m.email} {m.you && <span className="text-sm font-normal text-slate-700">(you)</span>}
        </p>
        <p className="text-xs text-slate-700">Member since {formatDateTime(m.createdAt)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={m.role === "viewer" ? "slate" : "blue"}>{ROLES[m.role]}</Badge>
        {canManage && (
          <ConfirmButton
            label="Remove"
            name={`Remove ${m.email}`}
            question={m.you ? "Remove yourself? You will be signed out." : `Remove ${m.email}? Their account is deleted and they are signed out.`}
            confirmLabel="Yes, remove"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ user_id: m.userId })}
          />
        )}
      </div>
      {remove.error && <ErrorNote error={remove.error} action="The member was not removed" />}
    </li>
  );
}

function Invite() {
  const me = useMe();
  const utils = api.useUtils();
  const [invited, setInvited] = useState<{ email: string; password: string } | null>(null);
  const invite = api.console.members.invite.useMutation({
    onSuccess: (r) => {
      setInvited({ email: r.email, password: r.password });
      void utils.console.members.list.invalidate();
    },
  });
  const ids = { email: useId(), role: useId() };
  return (
    <Card title="Invite a member">
      {invited ? (
        <SecretOnce label={`Password for ${invited.email}`} secret={invited.password} onDone={() => setInvited(null)} />
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const role = fieldText(form, "role");
            invite.mutate({ email: fieldText(form, "email"), role: role === "owner" || role === "admin" ? role : "viewer" });
          }}
        >
          <div className="min-w-48 flex-1">
            <label htmlFor={ids.email} className={label}>
              Email
            </label>
            <input id={ids.email} name="email" type="email" required className={`${input} mt-1`} />
          </div>
          <div>
            <label htmlFor={ids.role} className={label}>
              Role
            </label>
            <select id={ids.role} name="role" defaultValue="viewer" className={`${input} mt-1`}>
              <option value="viewer">Viewer: reads only</option>
              <option value="admin">Admin: manages everything</option>
              {me.role === "owner" && <option value="owner">Owner</option>}
            </select>
          </div>
          <button type="submit" className={button.primary} disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Invite"}
          </button>
        </form>
      )}
      <p className="mt-2 text-sm text-slate-700">A password is generated and shown once: give it to the new member, who signs in with their email.</p>
      {invite.error && (
        <div className="mt-3">
          <ErrorNote error={invite.error} action="The member was not invited" />
        </div>
      )}
    </Card>
  );
}
