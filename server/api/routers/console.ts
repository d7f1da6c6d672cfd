import { z } from "zod";
import { loadFixtures } from "../../verification/fixtures";
import { listBatches } from "../../batches";
import { decisionCounts, filteredOrderIds, RESULTS_PAGE_MAX, RESULTS_SORTS, resultRows, ROW_STATUSES, type ResultsFilter } from "../../batches/results";
import { DakiyaError } from "../../errors";
import { createKey, listKeys, revokeKey } from "../../keys";
import { createMember, listMembers, removeMember, resetMemberPassword } from "../../members";
import { providerStatus } from "../../provider";
import { billingPeriod, usageByDay } from "../../quota";
import { findVerifications } from "../../verification";
import { addEndpoint, deliveryLog, listEndpoints, removeEndpoint, rotateSecret, sendTestEvent, setEndpointEnabled, TEST_EVENT_LIST_SIZE, testEvents } from "../../webhooks";
import { ORDER_ID_MAX_LENGTH } from "../../../lib/shared";
import { DECISIONS } from "../../../lib/words";
import { HISTORY_PAGE_MAX, outcomeCosts, policyHistory, publishPolicy, setOutcomeCosts } from "../../policy";
import { OUTCOME_COST_MAX_RUPEES } from "../../../lib/shared";
import { managerProcedure, memberProcedure, router } from "../trpc";
import { PolicyInput } from "./policy";

/**
 * What only the console needs, beside the REST procedures it also calls: the workspace's keys,
 * members and webhooks, lists and look-ups. No OpenAPI meta, so none of it is on the REST API.
 * Every procedure reads and writes the signed-in member's workspace only.
 */
const iso = (d: Date | null) => d?.toISOString() ?? null;

const WebhookId = z.object({ webhook_id: z.string().min(1).max(64) });

const BatchId = z.object({ batch_id: z.string().min(1).max(64) });
const OrderIdSearch = z.string().trim().max(ORDER_ID_MAX_LENGTH).optional();

const FilterInput = BatchId.extend({
  decisions: z.array(z.enum(DECISIONS)).max(DECISIONS.length).optional(),
  statuses: z.array(z.enum(ROW_STATUSES)).max(ROW_STATUSES.length).optional(),
  order_id: OrderIdSearch,
});
const filterOf = (input: z.infer<typeof FilterInput>): ResultsFilter => ({ decisions: input.decisions, statuses: input.statuses, orderId: input.order_id || undefined });

/** A batch's rows: filtered by decision, status and part of the order id; sorted by row or score; a page at a time. */
const ResultsInput = FilterInput.extend({
  sort: z.enum(RESULTS_SORTS).default("row"),
  order: z.enum(["asc", "desc"]).default("asc"),
  cursor: z.string().max(32).optional(),
  limit: z.number().int().min(1).max(RESULTS_PAGE_MAX).default(50),
});

/** Comma-separated values of one query parameter, each one of `values`. */
const listParam = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .max(200)
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values)));

/**
 * The query parameters of the console's filtered CSV download (`/batches/{id}/download?…`), the same
 * filter as `batchResults.rows`: `decision=REVIEW,HOLD`, `status=failed,cancelled`, `order_id=ORD-1`.
 * None of them: every row.
 */
export const ResultsDownloadQuery = z
  .object({ decision: listParam(DECISIONS).optional(), status: listParam(ROW_STATUSES).optional(), order_id: OrderIdSearch })
  .transform((q): ResultsFilter => ({ decisions: q.decision, statuses: q.status, orderId: q.order_id || undefined }));

export const consoleRouter = router({
  me: memberProcedure.query(({ ctx }) => {
    const { plan } = ctx.caller;
    return {
      email: ctx.member.email,
      name: ctx.member.name,
      role: ctx.member.role,
      workspace: { id: ctx.caller.workspaceId, name: ctx.member.workspaceName },
      plan: { id: plan.id, included: plan.includedTenths / 10, batchCap: plan.batchCap, overagePaisePerUnit: plan.overagePaisePerUnit },
    };
  }),

  /** Test mode accepts only the documented fixtures (as test keys do): the ones with a decision, for the Verify page. */
  fixtures: memberProcedure.query(() => loadFixtures().flatMap((f) => (f.decision ? [{ address: f.address, decision: f.decision }] : []))),

  keys: router({
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
  }),

  members: router({
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
  }),

  webhooks: router({
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
  }),

  /** Units used per UTC day of this billing period. */
  usageByDay: memberProcedure.query(async ({ ctx }) => ({ period: billingPeriod(), days: await usageByDay(ctx.db, ctx.caller.workspaceId) })),

  /** The validation provider's circuit as this server process sees it; null when none is configured. */
  provider: memberProcedure.query(() => providerStatus()),

  batches: memberProcedure.input(z.object({ limit: z.number().int().min(1).max(200).default(50) })).query(({ ctx, input }) => listBatches(ctx.db, ctx.caller.workspaceId, input.limit)),

  batchResults: router({
    /** SHIP / REVIEW / HOLD, failed, cancelled and unfinished rows of one batch, for its chart. */
    counts: memberProcedure.input(BatchId).query(({ ctx, input }) => decisionCounts(ctx.db, ctx.caller.workspaceId, input.batch_id)),
    rows: memberProcedure
      .input(ResultsInput)
      .query(({ ctx, input }) =>
        resultRows(ctx.db, ctx.caller.workspaceId, input.batch_id, { ...filterOf(input), sort: input.sort, order: input.order, cursor: input.cursor, limit: input.limit }),
      ),
    /** The order ids of the filtered rows (to copy). */
    orderIds: memberProcedure.input(FilterInput).query(({ ctx, input }) => filteredOrderIds(ctx.db, ctx.caller.workspaceId, input.batch_id, filterOf(input))),
  }),

  /** A page of the decision policy versions, newest first (version 1, the default, ends the last page). */
  policyHistory: memberProcedure
    .input(z.object({ cursor: z.number().int().min(2).max(2_147_483_647).nullish(), limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional() }))
    .query(({ ctx, input }) => policyHistory(ctx.db, ctx.caller.workspaceId, input)),

  /** Publishes the next policy version (owners and admins); a broken policy is `invalid_policy` and changes nothing. */
  publishPolicy: managerProcedure.input(z.object({ policy: PolicyInput })).mutation(({ ctx, input }) => publishPolicy(ctx.db, ctx.caller.workspaceId, input.policy, ctx.member.email)),

  /** The preview's two cost settings (docs/decision-policy.md). */
  outcomeCosts: memberProcedure.query(({ ctx }) => outcomeCosts(ctx.db, ctx.caller.workspaceId)),
  setOutcomeCosts: managerProcedure
    .input(
      z.object({
        returned_shipped_rupees: z.number().int().min(0).max(OUTCOME_COST_MAX_RUPEES),
        held_delivered_rupees: z.number().int().min(0).max(OUTCOME_COST_MAX_RUPEES),
      }),
    )
    .mutation(({ ctx, input }) => setOutcomeCosts(ctx.db, ctx.caller.workspaceId, input)),

  /** Earlier verifications (test and live) by verification id or order id. */
  findVerifications: memberProcedure
    .input(z.object({ query: z.string().trim().min(1, "enter a verification id or an order id").max(ORDER_ID_MAX_LENGTH) }))
    .query(({ ctx, input }) => findVerifications(ctx.db, ctx.caller.workspaceId, input.query)),
});
