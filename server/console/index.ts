import { query, type Db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { auth } from "../auth";
import { PLAN_COLUMNS, planOf, type Caller, type PlanFigures } from "../keys";
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
  // One prepared statement for the member, the workspace and its plan, straight on the driver
  // (server/db.ts `query`): it runs on every console request.
  const [member] = await query<PlanFigures & { planId: string; role: MemberRole; workspaceId: string; workspaceName: string }>(
    db,
    Prisma.sql`
    SELECT m.role::text AS role, m.workspace_id AS "workspaceId", w.name AS "workspaceName", ${PLAN_COLUMNS}
    FROM members m JOIN workspaces w ON w.id = m.workspace_id JOIN plans p ON p.id = w.plan_id
    WHERE m.user_id = ${session.user.id}
    ORDER BY m.created_at ASC
    LIMIT 1`,
  );
  if (!member) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: member.role,
    workspaceId: member.workspaceId,
    workspaceName: member.workspaceName,
    plan: planOf(member),
  };
}
