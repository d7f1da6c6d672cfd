import type { Context } from "../api/trpc";
import { MODE_HEADER } from "../../lib/shared";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { signedInMember } from "../console";

/**
 * The tRPC context of a console request: the session's member acting for their workspace without a
 * key (`keyId: null`). The mode header picks test or live for the mode-dependent procedures (verify).
 */
export async function createConsoleContext(opts: { headers: Headers; requestId: string; origin: string }): Promise<Context> {
  const me = await signedInMember(db(), opts.headers);
  if (!me) throw new DakiyaError("unauthenticated", "You are signed out. Sign in to the console again.");
  const live = opts.headers.get(MODE_HEADER) !== "test";
  return {
    db: db(),
    requestId: opts.requestId,
    caller: { keyId: null, kind: live ? "live" : "test", livemode: live, workspaceId: me.workspaceId, plan: me.plan },
    member: { userId: me.userId, email: me.email, name: me.name, role: me.role, workspaceName: me.workspaceName },
    origin: opts.origin,
    response: { headers: {} },
  };
}
