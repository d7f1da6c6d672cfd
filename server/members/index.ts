import { hashPassword } from "better-auth/crypto";
import type { Db, DbOrTx } from "../db";
import type { MemberRole } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";

export type { MemberRole };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Console accounts a workspace may hold (the contract's cap). */
export const MAX_MEMBERS_PER_WORKSPACE = 50;

/**
 * Creates a console account (better-auth's user + credential account, hashed by better-auth)
 * and makes it a member of the workspace. Returns the password when one was generated.
 *
 * An email belongs to one account, in one workspace. An email already used by another workspace is
 * refused with the same words as any address that cannot be invited, and after the same work (the
 * password is hashed first): the answer says nothing about other workspaces' accounts.
 */
export async function createMember(
  db: DbOrTx,
  input: { workspaceId: string; email: string; role: MemberRole; name?: string; password?: string },
): Promise<{ userId: string; email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DakiyaError("invalid_request", `Not an email address: ${input.email}`);
  const password = input.password ?? base62(20);
  const hash = await hashPassword(password);
  const create = async (tx: DbOrTx) => {
    // The row lock makes concurrent invitations count one after another.
    const [workspace] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM workspaces WHERE id = ${input.workspaceId} FOR UPDATE`;
    if (!workspace) throw new DakiyaError("not_found", `No workspace ${input.workspaceId}.`);
    const existing = await tx.user.findUnique({ where: { email }, include: { memberships: { where: { workspaceId: input.workspaceId } } } });
    if (existing?.memberships.length) throw new DakiyaError("invalid_request", `${email} is already a member of this workspace.`);
    if (existing) throw new DakiyaError("invalid_request", `${email} cannot be invited. Ask for another email address.`);
    if ((await tx.member.count({ where: { workspaceId: input.workspaceId } })) >= MAX_MEMBERS_PER_WORKSPACE) {
      throw new DakiyaError("limit_reached", `A workspace holds at most ${MAX_MEMBERS_PER_WORKSPACE} members; remove one to invite another.`);
    }
    const userId = newId("usr");
    await tx.user.create({
      data: {
        id: userId,
        email,
        name: input.name ?? email.split("@")[0]!,
        emailVerified: true,
        accounts: { create: { id: newId("usr"), accountId: userId, providerId: "credential", password: hash } },
        memberships: { create: { workspaceId: input.workspaceId, role: input.role } },
      },
    });
    return { userId, email, password };
  };
  // A transaction client has no $connect: the caller's transaction holds the lock; the client opens one.
  return "$connect" in db ? db.$transaction(create) : create(db);
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
