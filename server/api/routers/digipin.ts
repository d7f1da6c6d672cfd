import { z } from "zod";
import { decodeDigipin, DIGIPIN_BOUNDS, encode } from "../../digipin";
import { apiProcedure, router } from "../trpc";

/** A DIGIPIN as typed, with its hyphens and spaces (`39J-49L-L8T4`): far longer text is none. */
const DIGIPIN_INPUT_MAX_LENGTH = 32;

const DecodedSchema = z
  .object({
    digipin: z.string().meta({ example: "39J49LL8T4" }),
    center: z.object({ lat: z.number(), lng: z.number() }),
    bbox: z.object({ min_lat: z.number(), max_lat: z.number(), min_lng: z.number(), max_lng: z.number() }),
  })
  .meta({
    id: "DigipinDecoded",
    example: {
      digipin: "39J49LL8T4",
      center: { lat: 28.622793197631836, lng: 77.21304893493652 },
      bbox: { min_lat: 28.62277603149414, max_lat: 28.62281036376953, min_lng: 77.21303176879883, max_lng: 77.21306610107422 },
    },
  });

const EncodedSchema = z
  .object({
    digipin: z.string().meta({ description: "The 10-symbol DIGIPIN (about 3.8 m cell)." }),
    digipin8: z.string().meta({ description: "Its 8-symbol prefix (about 60 m cell)." }),
  })
  .meta({ id: "DigipinEncoded", example: { digipin: "39J49LL8T4", digipin8: "39J49LL8" } });

export const digipinRouter = router({
  decode: apiProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/digipin/{digipin}",
        errorResponses: [400],
        tags: ["DIGIPIN"],
        summary: "Decode a DIGIPIN",
        description:
          "Returns the cell centre and exact bounding box of a 10- or 8-symbol DIGIPIN. Case-insensitive; hyphens and spaces are ignored (`39J-49L-L8T4`). Local: no provider call, no quota.",
      },
    })
    .input(
      z.object({
        digipin: z
          .string()
          .max(DIGIPIN_INPUT_MAX_LENGTH, `digipin must be at most ${DIGIPIN_INPUT_MAX_LENGTH} characters`)
          .meta({ description: "10 or 8 DIGIPIN symbols.", example: "39J-49L-L8T4" }),
      }),
    )
    .output(DecodedSchema)
    .query(({ input }) => decodeDigipin(input.digipin)),

  encode: apiProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/digipin/encode",
        errorResponses: [400],
        tags: ["DIGIPIN"],
        summary: "Encode a location",
        description: "The DIGIPIN of a point inside India's bounds, exactly as India Post's reference encoder gives it. Local: no provider call, no quota.",
      },
    })
    .input(
      z
        .object({
          lat: z.number({ error: "lat must be a number" }).min(DIGIPIN_BOUNDS.minLat, "lat must be at least 2.5").max(DIGIPIN_BOUNDS.maxLat, "lat must be at most 38.5"),
          lng: z.number({ error: "lng must be a number" }).min(DIGIPIN_BOUNDS.minLng, "lng must be at least 63.5").max(DIGIPIN_BOUNDS.maxLng, "lng must be at most 99.5"),
        })
        .meta({ example: { lat: 28.622788, lng: 77.213033 } }),
    )
    .output(EncodedSchema)
    .mutation(({ input }) => encode(input.lat, input.lng)),
});
