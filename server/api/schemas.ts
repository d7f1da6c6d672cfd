import { z } from "zod";
import { ERROR_STATUS } from "../errors";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH } from "../../lib/shared";

/** Schemas shared by several endpoints; `id` makes them named components in the OpenAPI document. */

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]).meta({ description: "Stable machine-readable code." }),
      message: z.string().meta({ description: "What went wrong, for a human." }),
      details: z
        .array(z.object({ path: z.string().meta({ example: "addresses.3.address" }), message: z.string() }))
        .optional()
        .meta({ description: "Present for schema failures: one entry per invalid field." }),
    }),
    request_id: z.string().meta({ example: "req_8fJ2kQ0aZx1mN4pR7sT9" }),
  })
  .meta({ id: "Error", description: "The body of every failed response." });

export const ComponentsSchema = z
  .object({
    house: z.string().nullable(),
    building: z.string().nullable(),
    street: z.string().nullable(),
    locality: z.string().nullable(),
    landmark: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    state: z.string().nullable().meta({ description: "Full official name, e.g. Karnataka." }),
    pincode: z.string().nullable().meta({ description: "Six digits." }),
  })
  .meta({ id: "Components", description: "Parsed parts of an address; each null when absent." });

export const AddressText = z
  .string({ error: "address must be a string" })
  .min(ADDRESS_MIN_LENGTH, `address must be at least ${ADDRESS_MIN_LENGTH} characters`)
  .max(ADDRESS_MAX_LENGTH, `address must be at most ${ADDRESS_MAX_LENGTH} characters`);
