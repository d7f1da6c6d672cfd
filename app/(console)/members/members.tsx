"use client";

import { createAuthClient } from "better-auth/client";
import { useId, useState } from "react";
import { ConfirmButton } from "../_lib/confirm";
import { ErrorNote, QueryState } from "../_lib/errors";
import { formatDateTime } from "../_lib/format";
import { SecretOnce } from "../_lib/secret";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { Badge, button, Card, fieldText, input, label, ViewerNote } from "../_lib/ui";

type Member = Outputs["console"]["members"]["list"][number];
const authClient = createAuthClient();
/** better-auth's bounds (server/auth PASSWORD_LENGTH), so the form says so before the server does. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
const ROLES = { owner: "Owner", admin: "Admin", viewer: "Viewer" } as const;

export function Members() {
  const me = useMe();
  const canManage = me.role !== "viewer";
  const members = api.console.members.list.useQuery();
  const owners = members.data?.filter((m) => m.role === "owner").length ?? 0;
  return (
    <div className="space-y-4">
      {canManage ? <Invite /> : <ViewerNote>Viewers can see the members but not invite or remove anyone.</ViewerNote>}
      <ChangePassword />
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
  const reset = api.console.members.resetPassword.useMutation();
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
        {canManage && !m.you && (
          <ConfirmButton
            label="Reset password"
            name={`Reset password of ${m.email}`}
            question={`Give ${m.email} a new password? Their current one stops working and they are signed out.`}
            confirmLabel="Yes, reset"
            pending={reset.isPending}
            onConfirm={() => reset.mutate({ user_id: m.userId })}
          />
        )}
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
      {reset.error && <ErrorNote error={reset.error} action="The password was not reset" />}
      {reset.data && (
        <div className="w-full">
          <SecretOnce label={`New password for ${reset.data.email}`} secret={reset.data.password} onDone={() => reset.reset()} />
        </div>
      )}
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

/** The signed-in member's own password, through better-auth's change-password (throttled like sign-in). */
function ChangePassword() {
  const [state, setState] = useState<{ error: string | null; done: boolean; pending: boolean }>({ error: null, done: false, pending: false });
  const ids = { current: useId(), next: useId() };
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    setState({ error: null, done: false, pending: true });
    const { error } = await authClient.changePassword({ currentPassword: fieldText(form, "current"), newPassword: fieldText(form, "new"), revokeOtherSessions: true });
    if (!error) {
      formElement.reset();
      setState({ error: null, done: true, pending: false });
      return;
    }
    const message =
      error.status === 429
        ? "Too many attempts for this account. Wait a minute, then try again."
        : error.code === "INVALID_PASSWORD"
          ? "Your current password is wrong. Check it and try again."
          : error.code === "PASSWORD_TOO_SHORT" || error.code === "PASSWORD_TOO_LONG"
            ? `The new password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`
            : `The password was not changed: ${error.message ?? error.statusText}. Try again in a moment.`;
    setState({ error: message, done: false, pending: false });
  }
  return (
    <Card title="Your password">
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="min-w-48 flex-1">
          <label htmlFor={ids.current} className={label}>
            Current password
          </label>
          <input id={ids.current} name="current" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} className={`${input} mt-1`} />
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={ids.next} className={label}>
            New password
          </label>
          <input id={ids.next} name="new" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className={`${input} mt-1`} />
        </div>
        <button type="submit" className={button.secondary} disabled={state.pending}>
          {state.pending ? "Changing…" : "Change password"}
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-700">
        {PASSWORD_MIN} to {PASSWORD_MAX} characters. Your other sessions are signed out.
      </p>
      {state.error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {state.error}
        </p>
      )}
      {state.done && (
        <p role="status" className="mt-3 text-sm font-medium text-green-800">
          Your password is changed.
        </p>
      )}
    </Card>
  );
}
