import { hashPassword } from "better-auth/crypto";
import type { DbOrTx } from "../db";
import type { MemberRole } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";

export type { MemberRole };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates a console account (better-auth's user + credential account, hashed by better-auth)
 * and makes it a member of the workspace. Returns the password when one was generated.
 */
export async function createMember(
  db: DbOrTx,
  input: { workspaceId: string; email: string; role: MemberRole; name?: string; password?: string },
): Promise<{ userId: string; email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DakiyaError("invalid_request", `Not an email address: ${input.email}`);
  if (await db.user.findUnique({ where: { email } })) throw new DakiyaError("invalid_request", `A user with the email ${email} already exists.`);
  const password = input.password ?? base62(20);
  const userId = newId("usr");
  await db.user.create({
    data: {
      id: userId,
      email,
      name: input.name ?? email.split("@")[0]!,
      emailVerified: true,
      accounts: { create: { id: newId("usr"), accountId: userId, providerId: "credential", password: await hashPassword(password) } },
      memberships: { create: { workspaceId: input.workspaceId, role: input.role } },
    },
  });
  return { userId, email, password };
}
