import type { Db } from "../db";
import { auth } from "../auth";
import type { Caller } from "../keys";
import type { MemberRole } from "../members";

/** A signed-in console user: their role in their workspace, and that workspace's plan. */
export interface SignedIn {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  workspaceId: string;
  workspaceName: string;
  plan: Caller["plan"];
}

/**
 * The member behind a request's session cookie, or null when signed out (or when the account
 * belongs to no workspace). An account is a member of one workspace: emails are unique.
 */
export async function signedInMember(db: Db, headers: Headers): Promise<SignedIn | null> {
  const session = await auth().api.getSession({ headers });
  if (!session) return null;
  const member = await db.member.findFirst({
    where: { userId: session.user.id },
    orderBy: { createdAt: "asc" },
    include: { workspace: { include: { plan: true } } },
  });
  if (!member) return null;
  const { plan } = member.workspace;
  return {
    userId: member.userId,
    email: session.user.email,
    name: session.user.name,
    role: member.role,
    workspaceId: member.workspaceId,
    workspaceName: member.workspace.name,
    plan: {
      id: plan.id,
      includedTenths: plan.includedTenths,
      batchCap: plan.batchCap,
      overagePaisePerUnit: plan.overagePaisePerUnit,
      testNormalizePerMinute: plan.testNormalizePerMinute,
      testPerMinute: plan.testPerMinute,
      livePerMinute: plan.livePerMinute,
    },
  };
}
