import { z } from "zod";
import { normalizeAddress } from "../../addresses";
import { createBatch } from "../../batches";
import { verify } from "../../verification";
import { chargeNow } from "../../quota";
import { liveWriteProcedure, meteredProcedure, router } from "../trpc";
import { AddressText, ComponentsSchema, exampleComponents, OrderFields, VerificationSchema } from "../schemas";
import { BATCH_MAX_ROWS, BATCH_NAME_MAX_LENGTH, ORDER_ID_MAX_LENGTH } from "../../../lib/shared";

const NormalizedSchema = z
  .object({
    normalized: z.string().meta({ description: "The cleaned one-line address." }),
    components: ComponentsSchema,
    digipin: z.null().meta({ description: "Always null: normalising does not locate the address." }),
  })
  .meta({
    id: "NormalizedAddress",
    example: {
      normalized: "Flat 4B, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
      components: exampleComponents("Flat 4B"),
      digipin: null,
    },
  });

export const addressesRouter = router({
  normalize: meteredProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/addresses/normalize",
        errorResponses: [400],
        tags: ["Addresses"],
        summary: "Clean and parse an address",
        description:
          "Parses an Indian address locally (no provider): finds and checks the pincode, fills district and state, splits house, building, street, locality, landmark and city. It does not show that the address is deliverable. Live keys pay 0.1 unit a call; test keys are limited to 5 calls a minute.",
      },
    })
    .input(z.object({ address: AddressText }).meta({ example: { address: "Flat 4B, Prestige Shantiniketan, Whitefield Main Rd, Bangalore, KA 560 066" } }))
    .output(NormalizedSchema)
    .mutation(async ({ ctx, input }) => {
      const result = normalizeAddress(input.address);
      if (ctx.caller.livemode) {
        await chargeNow(ctx.db, { workspaceId: ctx.caller.workspaceId, plan: ctx.caller.plan, operation: "normalize" });
      }
      return { normalized: result.normalized, components: result.components, digipin: null };
    }),

  verify: meteredProcedure
    .meta({
      openapi: {
        // The operation id it had before it moved here: generated clients name their methods by it.
        operationId: "verifications-verify",
        method: "POST",
        path: "/addresses/verify",
        errorResponses: [400, 403, 502, 503, 504],
        tags: ["Verification"],
        summary: "Verify one address",
        description:
          "Will a parcel reach this address? Returns SHIP / REVIEW / HOLD with a score and reasons. Live keys: any address, 1 unit, may call the validation provider; a provider failure costs nothing. Test keys: only the fixtures in `fixtures/test-addresses.json`, simulated, free (403 `test_fixture_required` otherwise). The workspace's decision policy in force decides (`policy_version`); `payment_method` and `order_value` are stored for it.",
      },
    })
    .input(
      z
        .object({
          address: AddressText,
          order_id: z.string().max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`).optional().meta({ description: "Your reference, echoed back." }),
          ...OrderFields,
        })
        .meta({ example: { address: "Flat 302, Prestige Shantiniketan, Whitefield Main Rd, Bangalore 560066", order_id: "ORD-10042", payment_method: "cod", order_value: 1499 } }),
    )
    .output(VerificationSchema)
    .mutation(({ ctx, input }) => verify(ctx.db, ctx.caller, input)),

  verifyBatch: liveWriteProcedure
    .meta({
      openapi: {
        // The operation id it had before it moved here: generated clients name their methods by it.
        operationId: "batches-create",
        method: "POST",
        path: "/addresses/verify/batch",
        errorResponses: [400, 403, 409, 422],
        tags: ["Batches"],
        summary: "Queue a batch",
        successDescription: "Accepted (202): the batch is queued.",
        description:
          "Queues 1–1000 addresses (at most the plan's batch cap) for verification in the background; each row costs 1 unit when its verification starts. With `idempotency_key`, repeating the same request within seven days returns the same batch and queues nothing; the same key with a different body is a 409. Every row is decided by the decision policy version in force when the batch is created. Live keys only.",
      },
    })
    .input(
      z
        .object({
          addresses: z
            .array(z.object({ address: AddressText, order_id: z.string().max(ORDER_ID_MAX_LENGTH, `order_id must be at most ${ORDER_ID_MAX_LENGTH} characters`).optional(), ...OrderFields }))
            .min(1, "addresses must have at least 1 item")
            .max(BATCH_MAX_ROWS, `addresses must have at most ${BATCH_MAX_ROWS} items`),
          name: z
            .string({ error: "name must be a string" })
            .trim()
            .min(1, "name must not be empty")
            .max(BATCH_NAME_MAX_LENGTH, `name must be at most ${BATCH_NAME_MAX_LENGTH} characters`)
            .optional()
            .meta({ description: `Your name for the batch, shown in the console's batch list (the console gives the CSV's file name); at most ${BATCH_NAME_MAX_LENGTH} characters.` }),
          idempotency_key: z.string().min(1).max(255).optional().meta({ description: "Your key for safe retries, per workspace, kept seven days." }),
        })
        .meta({
          example: {
            addresses: [{ address: "Flat 302, Prestige Shantiniketan, Whitefield, Bengaluru 560066", order_id: "ORD-1" }],
            name: "orders-2026-11-22.csv",
            idempotency_key: "upload-2026-11-22-a",
          },
        }),
    )
    .output(
      z
        .object({ batch_id: z.string(), status: z.literal("queued"), total: z.number().int() })
        .meta({ id: "BatchAccepted", example: { batch_id: "bat_5Hn2kQp9LmXw8ZpR1cVd", status: "queued", total: 1000 } }),
    )
    .mutation(async ({ ctx, input }) => {
      const { batch } = await createBatch(ctx.db, ctx.caller, input);
      ctx.response.status = 202;
      return { batch_id: batch.id, status: "queued" as const, total: batch.total };
    }),
});
