import { z } from "zod";
import { normalizeAddress } from "../../addresses";
import { chargeNow } from "../../quota";
import { meteredProcedure, router } from "../trpc";
import { AddressText, ComponentsSchema } from "../schemas";

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
      components: {
        house: "Flat 4B",
        building: "Prestige Shantiniketan",
        street: "Whitefield Main Road",
        locality: "Whitefield",
        landmark: null,
        city: "Bengaluru",
        district: "Bangalore",
        state: "Karnataka",
        pincode: "560066",
      },
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
});
