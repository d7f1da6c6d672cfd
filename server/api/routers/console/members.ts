import { z } from "zod";
import { DakiyaError } from "../../../errors";
import { createMember, listMembers, removeMember, resetMemberPassword } from "../../../members";
import { managerProcedure, memberProcedure, router } from "../../trpc";
import { iso } from "./iso";

/** The workspace's members and their roles (the Members page). */
export const membersRouter = router({
  list: memberProcedure.query(async ({ ctx }) =>
    (await listMembers(ctx.db, ctx.caller.workspaceId)).map((m) => ({ ...m, createdAt: iso(m.createdAt)!, you: m.userId === ctx.member.userId })),
  ),
  /** The new member's password is generated and returned this once. */
  invite: managerProcedure.input(z.object({ email: z.string().trim().min(3).max(254), role: z.enum(["owner", "admin", "viewer"]) })).mutation(async ({ ctx, input }) => {
    if (input.role === "owner" && ctx.member.role !== "owner") throw new DakiyaError("forbidden", "Only an owner can invite another owner.");
    const m = await createMember(ctx.db, { workspaceId: ctx.caller.workspaceId, email: input.email, role: input.role });
    return { userId: m.userId, email: m.email, role: input.role, password: m.password };
  }),
  remove: managerProcedure.input(z.object({ user_id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db, ctx.caller.workspaceId, ctx.member.role, input.user_id);
    return { removed: true };
  }),
  /** Another member's new password, generated and returned this once; they are signed out everywhere. */
  resetPassword: managerProcedure
    .input(z.object({ user_id: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => resetMemberPassword(ctx.db, ctx.caller.workspaceId, ctx.member, input.user_id)),
});
