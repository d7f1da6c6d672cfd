import { hashPassword } from "better-auth/crypto";
import { setPassword } from "../auth";
import type { Db, DbOrTx } from "../db";
import type { MemberRole } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";

export type { MemberRole };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Console accounts a workspace may hold (the contract's cap). */
export const MAX_MEMBERS_PER_WORKSPACE = 50;

export interface NewMember {
  workspaceId: string;
  email: string;
  role: MemberRole;
  name: string;
  password: string;
  hash: string;
}

/**
 * A console account ready to be stored: the email checked and the password hashed (better-auth's
 * scrypt). Done before any transaction opens: hashing takes long enough to matter there.
 */
export async function prepareMember(input: { workspaceId: string; email: string; role: MemberRole; name?: string; password?: string }): Promise<NewMember> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DakiyaError("invalid_request", `Not an email address: ${input.email}`);
  const password = input.password ?? base62(20);
  return { workspaceId: input.workspaceId, email, role: input.role, name: input.name ?? email.split("@")[0]!, password, hash: await hashPassword(password) };
}

/**
 * Stores a prepared account (better-auth's user + credential account) as a member of its workspace.
 *
 * An email belongs to one account, in one workspace. An email already used by another workspace is
 * refused with the same words as any address that cannot be invited, after the same work (the
 * password is hashed before either): the answer says nothing about other workspaces' accounts.
 */
export async function addMember(db: DbOrTx, m: NewMember): Promise<{ userId: string; email: string; password: string }> {
  const add = async (tx: DbOrTx) => {
    // The row lock makes concurrent invitations count one after another.
    const [workspace] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM workspaces WHERE id = ${m.workspaceId} FOR UPDATE`;
    if (!workspace) throw new DakiyaError("not_found", `No workspace ${m.workspaceId}.`);
    const existing = await tx.user.findUnique({ where: { email: m.email }, include: { memberships: { where: { workspaceId: m.workspaceId } } } });
    if (existing?.memberships.length) throw new DakiyaError("invalid_request", `${m.email} is already a member of this workspace.`);
    if (existing) throw new DakiyaError("invalid_request", `${m.email} cannot be invited. Ask for another email address.`);
    if ((await tx.member.count({ where: { workspaceId: m.workspaceId } })) >= MAX_MEMBERS_PER_WORKSPACE) {
      throw new DakiyaError("limit_reached", `A workspace holds at most ${MAX_MEMBERS_PER_WORKSPACE} members; remove one to invite another.`);
    }
    const userId = newId("usr");
    await tx.user.create({
      data: {
        id: userId,
        email: m.email,
        name: m.name,
        emailVerified: true,
        accounts: { create: { id: newId("usr"), accountId: userId, providerId: "credential", password: m.hash } },
        memberships: { create: { workspaceId: m.workspaceId, role: m.role } },
      },
    });
    return { userId, email: m.email, password: m.password };
  };
  // A transaction client has no $connect: the caller's transaction holds the lock; the client opens one.
  return "$connect" in db ? db.$transaction(add) : add(db);
}

/** Creates a console account in the workspace; returns the password (generated unless given). */
export async function createMember(
  db: DbOrTx,
  input: { workspaceId: string; email: string; role: MemberRole; name?: string; password?: string },
): Promise<{ userId: string; email: string; password: string }> {
  return addMember(db, await prepareMember(input));
}

export interface MemberInfo {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  createdAt: Date;
}

export async function listMembers(db: DbOrTx, workspaceId: string): Promise<MemberInfo[]> {
  const rows = await db.member.findMany({ where: { workspaceId }, include: { user: true }, orderBy: [{ createdAt: "asc" }, { userId: "asc" }] });
  return rows.map((m) => ({ userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, createdAt: m.createdAt }));
}

/**
 * Removes a member. An admin cannot remove an owner, and a workspace always keeps an owner. The
 * account goes too (sessions included, so it is signed out at once): an email belongs to one workspace.
 */
export async function removeMember(db: Db, workspaceId: string, byRole: MemberRole, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const target = await tx.member.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });
    if (!target) throw new DakiyaError("not_found", `No member ${userId} in this workspace.`);
    if (target.role === "owner" && byRole !== "owner") throw new DakiyaError("forbidden", "Only an owner can remove an owner.");
    if (target.role === "owner" && (await tx.member.count({ where: { workspaceId, role: "owner" } })) === 1) {
      throw new DakiyaError("invalid_request", "A workspace needs an owner: invite another owner before removing this one.");
    }
    await tx.member.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
    if ((await tx.member.count({ where: { userId } })) === 0) await tx.user.delete({ where: { id: userId } });
  });
}

/**
 * An owner or admin gives another member a new password (generated, returned this once) and signs
 * them out everywhere. As with removing: an admin cannot reset an owner's. One's own password is
 * changed with the current one instead (better-auth's change-password, throttled like sign-in).
 */
export async function resetMemberPassword(db: Db, workspaceId: string, by: { userId: string; role: MemberRole }, userId: string): Promise<{ email: string; password: string }> {
  if (by.role === "viewer") throw new DakiyaError("forbidden", "Only owners and admins can reset a member's password.");
  if (userId === by.userId) throw new DakiyaError("invalid_request", "Change your own password with your current one (Change password), not by a reset.");
  const target = await db.member.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, include: { user: true } });
  if (!target) throw new DakiyaError("not_found", `No member ${userId} in this workspace.`);
  if (target.role === "owner" && by.role !== "owner") throw new DakiyaError("forbidden", "Only an owner can reset an owner's password.");
  const password = base62(20);
  await setPassword(userId, password);
  return { email: target.user.email, password };
}
