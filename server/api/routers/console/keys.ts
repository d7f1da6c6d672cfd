import { z } from "zod";
import { createKey, listKeys, revokeKey } from "../../../keys";
import { managerProcedure, memberProcedure, router } from "../../trpc";
import { iso } from "./iso";

/** The workspace's API keys (the Keys page). */
export const keysRouter = router({
  list: memberProcedure.query(async ({ ctx }) =>
    (await listKeys(ctx.db, ctx.caller.workspaceId)).map((k) => ({ ...k, createdAt: iso(k.createdAt)!, lastUsedAt: iso(k.lastUsedAt), revokedAt: iso(k.revokedAt) })),
  ),
  create: managerProcedure.input(z.object({ kind: z.enum(["test", "live"]), name: z.string().trim().max(100).optional() })).mutation(async ({ ctx, input }) => {
    const key = await createKey(ctx.db, ctx.caller.workspaceId, input.kind, input.name || undefined);
    return { id: key.id, kind: key.kind, prefix: key.prefix, last4: key.last4, secret: key.secret };
  }),
  revoke: managerProcedure.input(z.object({ key_id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
    const key = await revokeKey(ctx.db, input.key_id, ctx.caller.workspaceId);
    return { id: key.id, revokedAt: iso(key.revokedAt) };
  }),
});
