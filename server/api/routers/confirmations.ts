import { z } from "zod";
import {
  COMPONENT_NAMES,
  confirmBatchRows,
  createConfirmation,
  EXPIRY_HOURS,
  getConfirmation,
  latestConfirmations,
  locatePoint,
  LOCALES,
  submitLink,
  viewLink,
  type ComponentName,
} from "../../confirmations";
import { IdText } from "../schemas";
import { apiProcedure, managerProcedure, memberProcedure, meteredProcedure, publicProcedure, router } from "../trpc";

const DeviceLocationSchema = z
  .object({
    lat: z.number(),
    lng: z.number(),
    accuracy_m: z.number(),
    digipin: z.string(),
    used: z.boolean().meta({ description: "Whether the point became the new verification's location (accuracy 100 m or better, within 25 km of the written pincode)." }),
  })
  .meta({ id: "DeviceLocation", description: "The point the buyer's phone reported, its accuracy radius in metres, its DIGIPIN and whether it was used." });

export const ConfirmationSchema = z
  .object({
    confirmation_id: z.string().meta({ description: "`cnf_…`." }),
    verification_id: z.string().meta({ description: "The verification the buyer is asked to confirm." }),
    status: z.enum(["pending", "confirmed", "expired"]),
    url: z.string().meta({ description: "The link to send the buyer (`{origin}/c/<token>`); it opens a page without sign-in." }),
    expires_at: z.string().meta({ description: "ISO 8601; after it the link shows that it expired and accepts nothing." }),
    created_at: z.string(),
    confirmed_at: z.string().optional().meta({ description: "Once confirmed." }),
    notice_version: z.number().int().nullable().optional().meta({ description: "Once confirmed: the version of the privacy notice the buyer's page showed (docs/privacy.md)." }),
    new_verification_id: z.string().optional().meta({ description: "Once confirmed: the verification of the corrected address." }),
    changed: z.array(z.enum(COMPONENT_NAMES)).optional().meta({ description: "Once confirmed: the address parts the buyer changed." }),
    device_location: DeviceLocationSchema.nullable().optional().meta({
      description: "Once confirmed: the point the buyer shared (`used` says whether it became the new verification's location), else null.",
    }),
  })
  .meta({
    id: "Confirmation",
    examples: [
      {
        confirmation_id: "cnf_4hT8sQb2LmXw8ZpR1cVa",
        verification_id: "ver_7pQ2mNc4KsYt1XbV9wLe",
        status: "confirmed",
        url: "https://dakiya.example/c/q3Vx0oT1cN8b2nZkR4yL6wE9uA5sJ7dF0gH2iK4mP8Q",
        expires_at: "2026-11-28T10:15:00.000Z",
        created_at: "2026-11-25T10:15:00.000Z",
        confirmed_at: "2026-11-25T11:02:41.000Z",
        notice_version: 1,
        new_verification_id: "ver_2bN5vC8xZ1aS4dF7gH0jKl",
        changed: ["house"],
        device_location: { lat: 12.97838, lng: 77.64079, accuracy_m: 18, digipin: "4P3JK7F9M2", used: true },
      },
    ],
  });

const Token = z.string().min(1).max(128);
const Locale = z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(", ")}` });
const ExpiresInHours = z
  .number({ error: "expires_in_hours must be a number" })
  .int("expires_in_hours must be a whole number")
  .min(EXPIRY_HOURS.min, `expires_in_hours must be at least ${EXPIRY_HOURS.min}`)
  .max(EXPIRY_HOURS.max, `expires_in_hours must be at most ${EXPIRY_HOURS.max}`);
const DevicePoint = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy_m: z.number().min(0).max(1_000_000),
});
const Part = z.string().max(100, "each part must be at most 100 characters");

/**
 * The buyer's page (app/c/[token]): reached by the link's token alone, without sign-in, so these
 * procedures are public; their limits are per link (submissions, look-ups) and, for unknown tokens,
 * per client address. The server gives them a context without a session (server/http/console.ts).
 */
const linkRouter = router({
  view: publicProcedure.input(z.object({ token: Token })).query(({ ctx, input }) => viewLink(ctx.db, input.token, ctx.clientAddress ?? null)),
  locate: publicProcedure
    .input(z.object({ token: Token, pincode: Part.optional() }).extend(DevicePoint.shape))
    .mutation(({ ctx, input }) =>
      locatePoint(ctx.db, input.token, ctx.clientAddress ?? null, { lat: input.lat, lng: input.lng, accuracy_m: input.accuracy_m }, input.pincode?.trim() || null),
    ),
  submit: publicProcedure
    .input(
      z.object({
        token: Token,
        components: z.object(Object.fromEntries(COMPONENT_NAMES.map((k) => [k, Part])) as Record<ComponentName, typeof Part>),
        device: DevicePoint.nullable().optional(),
      }),
    )
    .mutation(({ ctx, input }) => submitLink(ctx.db, input.token, ctx.clientAddress ?? null, { components: input.components, device: input.device })),
});

/** The procedures whose calls the server serves without a session: the buyer's page. */
export const PUBLIC_PROCEDURE_PREFIX = "confirmations.link.";

export const confirmationsRouter = router({
  create: meteredProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/confirmations",
        errorResponses: [400, 404],
        tags: ["Confirmations"],
        summary: "Ask the buyer to confirm an address",
        description:
          "A link for the buyer to correct the address of a verification and share their phone's location (docs/confirmations.md). 201 with a new link; while one is pending for the verification, 200 with that one. Use a key of the verification's kind: a live key for `ver_…`, a test key for `ver_test_…`. When the buyer confirms, the corrected address is verified as a new verification (live: 1 unit; test: simulated) and `address.confirmed` is sent to your webhooks.",
      },
    })
    .input(
      z
        .object({
          verification_id: z.string().min(1).max(64),
          locale: Locale.optional().meta({ description: "The page's language; the buyer can switch. Default `en`." }),
          expires_in_hours: ExpiresInHours.optional().meta({ description: "1 to 168; default 72." }),
        })
        .meta({ example: { verification_id: "ver_7pQ2mNc4KsYt1XbV9wLe", locale: "hi", expires_in_hours: 48 } }),
    )
    .output(ConfirmationSchema)
    .mutation(async ({ ctx, input }) => {
      const { confirmation, created } = await createConfirmation(ctx.db, ctx.caller, input);
      ctx.response.status = created ? 201 : 200;
      return confirmation;
    }),

  get: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/confirmations/{confirmation_id}",
        errorResponses: [404],
        tags: ["Confirmations"],
        summary: "Read a confirmation",
        description: "Its status (`pending`, `confirmed` or `expired`); once confirmed, the new verification, the parts the buyer changed and the device location.",
      },
    })
    .input(z.object({ confirmation_id: IdText }))
    .output(ConfirmationSchema)
    .query(({ ctx, input }) => getConfirmation(ctx.db, ctx.caller, input.confirmation_id)),

  /** The console: the newest confirmation of each verification shown (a verification's card, a page of batch rows). */
  latest: memberProcedure
    .input(z.object({ verification_ids: z.array(z.string().min(1).max(64)).max(200) }))
    .query(({ ctx, input }) => latestConfirmations(ctx.db, ctx.caller.workspaceId, input.verification_ids)),

  /** The console: links for every REVIEW and HOLD row of a batch at once, for the seller's messaging tool. */
  forBatch: managerProcedure
    .input(z.object({ batch_id: z.string().min(1).max(64), locale: Locale.optional(), expires_in_hours: ExpiresInHours.optional() }))
    .mutation(({ ctx, input }) => confirmBatchRows(ctx.db, ctx.caller, input.batch_id, { locale: input.locale, expires_in_hours: input.expires_in_hours })),

  link: linkRouter,
});
