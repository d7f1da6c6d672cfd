import { z } from "zod";
import { addEndpoint, deliveryLog, listEndpoints, removeEndpoint, rotateSecret, sendTestEvent, setEndpointEnabled, TEST_EVENT_LIST_SIZE, testEvents } from "../../../webhooks";
import { managerProcedure, memberProcedure, router } from "../../trpc";
import { iso } from "./iso";

const WebhookId = z.object({ webhook_id: z.string().min(1).max(64) });

/** The workspace's webhook endpoints and their deliveries (the Webhooks page). */
export const webhooksRouter = router({
  list: memberProcedure.query(async ({ ctx }) => (await listEndpoints(ctx.db, ctx.caller.workspaceId)).map((e) => ({ ...e, createdAt: iso(e.createdAt)!, disabledAt: iso(e.disabledAt) }))),
  /** The signing secret is returned this once (and again only by rotating it). */
  add: managerProcedure.input(z.object({ url: z.string().trim().min(1).max(2048) })).mutation(({ ctx, input }) => addEndpoint(ctx.db, ctx.caller.workspaceId, input.url)),
  setEnabled: managerProcedure.input(WebhookId.extend({ enabled: z.boolean() })).mutation(async ({ ctx, input }) => {
    await setEndpointEnabled(ctx.db, ctx.caller.workspaceId, input.webhook_id, input.enabled);
    return { enabled: input.enabled };
  }),
  rotateSecret: managerProcedure.input(WebhookId).mutation(({ ctx, input }) => rotateSecret(ctx.db, ctx.caller.workspaceId, input.webhook_id)),
  /** Removes the endpoint and its delivery log: how a workspace at the cap makes room. */
  remove: managerProcedure.input(WebhookId).mutation(async ({ ctx, input }) => {
    await removeEndpoint(ctx.db, ctx.caller.workspaceId, input.webhook_id);
    return { removed: true };
  }),
  sendTest: managerProcedure.input(WebhookId).mutation(async ({ ctx, input }) => {
    const deliveryId = await sendTestEvent(ctx.db, ctx.caller.workspaceId, input.webhook_id);
    return { deliveryId };
  }),
  deliveries: memberProcedure.input(z.object({ limit: z.number().int().min(1).max(200).default(50) })).query(async ({ ctx, input }) =>
    (await deliveryLog(ctx.db, ctx.caller.workspaceId, { limit: input.limit })).map((d) => ({
      ...d,
      nextAttemptAt: iso(d.nextAttemptAt),
      createdAt: iso(d.createdAt)!,
      finishedAt: iso(d.finishedAt),
      attemptLog: d.attemptLog.map((a) => ({ ...a, createdAt: iso(a.createdAt)! })),
    })),
  ),
  /** The test event list: events of test mode (test confirmation links), never sent to an endpoint. */
  testEvents: memberProcedure
    .input(z.object({ limit: z.number().int().min(1).max(TEST_EVENT_LIST_SIZE).default(20) }))
    .query(async ({ ctx, input }) => (await testEvents(ctx.db, ctx.caller.workspaceId, { limit: input.limit })).map((e) => ({ ...e, createdAt: iso(e.createdAt)! }))),
});
