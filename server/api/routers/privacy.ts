import { z } from "zod";
import { DakiyaError } from "../../errors";
import { eraseBuyerData, ERASURES_PAGE, listErasures, privacySettings, RETENTION_DAYS, setRetention, type ErasureSubject } from "../../privacy";
import type { MemberRole } from "../../members";
import { ORDER_ID_MAX_LENGTH } from "../../../lib/shared";
import { apiProcedure, router, type Context } from "../trpc";

/**
 * Buyers' personal data (docs/privacy.md): the retention setting and erasure requests. Changing
 * either takes a live key, or in the console a member of the roles named; reading the settings
 * takes either key.
 */
function mayChange(ctx: Pick<Context, "member"> & { caller: { livemode: boolean } }, roles: readonly MemberRole[], what: string): void {
  if (ctx.member) {
    if (!roles.includes(ctx.member.role)) throw new DakiyaError("forbidden", `Only ${roles.map((r) => `${r}s`).join(" or ")} of this workspace can ${what}.`);
    return;
  }
  if (!ctx.caller.livemode) throw new DakiyaError("live_key_required", "This operation needs a live key (dk_live_…); test keys cannot use it.");
}

const ownerOrLiveKey = apiProcedure.use(({ ctx, next }) => {
  mayChange(ctx, ["owner"], "change how long buyers' data is kept");
  return next();
});
const managerOrLiveKey = apiProcedure.use(({ ctx, next }) => {
  mayChange(ctx, ["owner", "admin"], "erase a buyer's data");
  return next();
});
/** The list reveals no personal data: any member, or a live key. */
const readerOrLiveKey = apiProcedure.use(({ ctx, next }) => {
  mayChange(ctx, ["owner", "admin", "viewer"], "read erasure requests");
  return next();
});

const SettingsSchema = z
  .object({
    retention_days: z
      .number()
      .int()
      .meta({ description: `Days a verification's personal data is kept before it is redacted (${RETENTION_DAYS.min}–${RETENTION_DAYS.max}).` }),
  })
  .meta({ id: "PrivacySettings", example: { retention_days: RETENTION_DAYS.default } });

const Counts = z
  .object({
    verifications: z.number().int(),
    confirmations: z.number().int(),
    batch_rows: z.number().int(),
    webhook_deliveries: z.number().int(),
  })
  .meta({ id: "RedactionCounts", description: "How many records of each kind were redacted." });

const ErasureSchema = z
  .object({
    erasure_id: z.string().meta({ description: "`era_…`" }),
    redacted: Counts,
    requested_at: z.string().meta({ description: "ISO 8601." }),
  })
  .meta({
    id: "Erasure",
    example: { erasure_id: "era_5rT2kQb8LmXw1ZpR9cVd", redacted: { verifications: 2, confirmations: 1, batch_rows: 1, webhook_deliveries: 1 }, requested_at: "2026-11-26T10:15:00.000Z" },
  });

const ErasureRecordSchema = ErasureSchema.extend({
  subject: z.enum(["order_id", "verification_id"]).meta({ description: "What the request named; an order id is not kept." }),
  verification_id: z.string().nullable().meta({ description: "The verification id named, for a request by verification id." }),
  requested_by: z
    .object({ key_id: z.string().nullable(), member: z.string().nullable().meta({ description: "The console member's email." }) })
    .meta({ description: "An API key, a console member, or neither (the operator's command line)." }),
}).meta({ id: "ErasureRequest" });

const OrderId = z.string({ error: "order_id must be a string" }).min(1, "order_id must not be empty").max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`);
const VerificationId = z.string({ error: "verification_id must be a string" }).min(1, "verification_id must not be empty").max(64, "verification_id must be at most 64 characters");

export const privacyRouter = router({
  settings: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/privacy/settings",
        errorResponses: [],
        tags: ["Privacy"],
        summary: "Read the retention of buyers' data",
        description: "How many days a verification's personal data (address, order id, location) is kept before the daily purge redacts it. Either key kind.",
      },
    })
    .input(z.void())
    .output(SettingsSchema)
    .query(({ ctx }) => privacySettings(ctx.db, ctx.caller.workspaceId)),

  updateSettings: ownerOrLiveKey
    .meta({
      openapi: {
        method: "PUT",
        path: "/privacy/settings",
        errorResponses: [400, 403],
        tags: ["Privacy"],
        summary: "Set the retention of buyers' data",
        description: `Sets \`retention_days\` (${RETENTION_DAYS.min}–${RETENTION_DAYS.max}; default ${RETENTION_DAYS.default}). The next daily purge redacts verifications older than that. Live keys, or an owner in the console.`,
      },
    })
    .input(
      z
        .object({
          retention_days: z
            .number({ error: "retention_days must be a number" })
            .int("retention_days must be a whole number")
            .min(RETENTION_DAYS.min, `retention_days must be at least ${RETENTION_DAYS.min}`)
            .max(RETENTION_DAYS.max, `retention_days must be at most ${RETENTION_DAYS.max}`),
        })
        .meta({ example: { retention_days: 90 } }),
    )
    .output(SettingsSchema)
    .mutation(({ ctx, input }) => setRetention(ctx.db, ctx.caller.workspaceId, input.retention_days)),

  erase: managerOrLiveKey
    .meta({
      openapi: {
        method: "POST",
        path: "/privacy/erasures",
        errorResponses: [400, 403],
        tags: ["Privacy"],
        summary: "Erase a buyer's data",
        description:
          "Redacts at once every verification of the order (or the one verification) in this workspace, the confirmations made from them with their device points, their batch rows and webhook bodies, and forgets their addresses' delivery history. Decisions, scores, pincodes and outcomes stay, marked redacted. Give exactly one of `order_id` and `verification_id`. An id that names nothing here answers all zeros; repeating a request is harmless. Live keys, or an owner or admin in the console.",
      },
    })
    .input(
      z
        .object({ order_id: OrderId.optional(), verification_id: VerificationId.optional() })
        .refine((v) => (v.order_id === undefined) !== (v.verification_id === undefined), { message: "give exactly one of order_id and verification_id", path: ["order_id"] })
        .meta({ example: { order_id: "ORD-10042" } }),
    )
    .output(ErasureSchema)
    .mutation(({ ctx, input }) => {
      const subject: ErasureSubject = input.order_id !== undefined ? { order_id: input.order_id } : { verification_id: input.verification_id! };
      return eraseBuyerData(ctx.db, ctx.caller.workspaceId, subject, { keyId: ctx.caller.keyId, member: ctx.member?.email ?? null });
    }),

  erasures: readerOrLiveKey
    .meta({
      openapi: {
        method: "GET",
        path: "/privacy/erasures",
        errorResponses: [400, 403],
        tags: ["Privacy"],
        summary: "List erasure requests",
        description: `The workspace's erasure requests, newest first: ids, counts, times and who asked, never the erased data. \`limit\` 1–${ERASURES_PAGE.max} (default ${ERASURES_PAGE.default}); pass \`next_cursor\` as \`cursor\` for the next page. Live keys, or any member in the console.`,
      },
    })
    .input(
      z.object({
        limit: z.coerce
          .number({ error: "limit must be a number" })
          .int("limit must be a whole number")
          .min(1, "limit must be at least 1")
          .max(ERASURES_PAGE.max, `limit must be at most ${ERASURES_PAGE.max}`)
          .optional(),
        cursor: z.string().max(64, "cursor must be at most 64 characters").optional(),
      }),
    )
    .output(z.object({ erasures: z.array(ErasureRecordSchema), next_cursor: z.string().nullable() }).meta({ id: "ErasureRequests" }))
    .query(({ ctx, input }) => listErasures(ctx.db, ctx.caller.workspaceId, input)),
});
