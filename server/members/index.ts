import { hashPassword } from "better-auth/crypto";
import type { Db, DbOrTx } from "../db";
import type { MemberRole } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";

export type { MemberRole };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Credential {
  password: string;
  hash: string;
}

/**
 * A generated password and its hash by better-auth. A caller inside a transaction makes it first:
 * scrypt takes seconds on a loaded machine, longer than a transaction may stay open (5 s).
 */
export async function newCredential(): Promise<Credential> {
  const password = base62(20);
  return { password, hash: await hashPassword(password) };
}

/**
 * Creates a console account (better-auth's user + credential account) and makes it a member of the
 * workspace, with a generated password (made now unless given), which it returns.
 */
export async function createMember(
  db: DbOrTx,
  input: { workspaceId: string; email: string; role: MemberRole; name?: string; credential?: Credential },
): Promise<{ userId: string; email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DakiyaError("invalid_request", `Not an email address: ${input.email}`);
  if (await db.user.findUnique({ where: { email } })) throw new DakiyaError("invalid_request", `A user with the email ${email} already exists.`);
  const { password, hash } = input.credential ?? (await newCredential());
  const userId = newId("usr");
  await db.user.create({
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
