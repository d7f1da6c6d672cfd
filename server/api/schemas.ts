import { z } from "zod";
import { ERROR_STATUS } from "../errors";
import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, ORDER_VALUE_MAX, PAYMENT_WORD_MAX_LENGTH } from "../../lib/shared";
import { PAYMENT_WORDS, paymentMethodOf } from "../../lib/words";

const PAYMENT_HINT = [...PAYMENT_WORDS.cod, ...PAYMENT_WORDS.prepaid].join(", ");

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

/** An id the service gave out (`bat_…`, `ver_test_…`, `cnf_…`): longer text cannot be one, and is refused before any look-up. */
export const ID_MAX_LENGTH = 64;
export const IdText = z.string().max(ID_MAX_LENGTH, `ids are at most ${ID_MAX_LENGTH} characters`);

export const AddressText = z
  .string({ error: "address must be a string" })
  .min(ADDRESS_MIN_LENGTH, `address must be at least ${ADDRESS_MIN_LENGTH} characters`)
  .max(ADDRESS_MAX_LENGTH, `address must be at most ${ADDRESS_MAX_LENGTH} characters`);

/** The order facts a decision policy may read (contract: AddressInput), on single and batch verification. */
export const OrderFields = {
  payment_method: z
    .string({ error: "payment_method must be a string" })
    .max(PAYMENT_WORD_MAX_LENGTH, `payment_method must be at most ${PAYMENT_WORD_MAX_LENGTH} characters`)
    .transform((word, ctx) => {
      const method = paymentMethodOf(word);
      if (method) return method;
      ctx.issues.push({ code: "custom", input: word, message: `payment_method "${word}" is not a payment method: use cod or prepaid, or a word for either (${PAYMENT_HINT})` });
      return z.NEVER;
    })
    .optional()
    .meta({
      description: `How the buyer pays, stored as cod or prepaid; a decision policy may treat cash on delivery differently. Read in the merchant's words, case and spaces or hyphens aside: ${PAYMENT_WORDS.cod.join(", ")} are cod; ${PAYMENT_WORDS.prepaid.join(", ")} are prepaid.`,
      example: "UPI",
    }),
  order_value: z
    .number({ error: "order_value must be a number" })
    .min(0, "order_value must be at least 0")
    .max(ORDER_VALUE_MAX, `order_value must be at most ${ORDER_VALUE_MAX}`)
    .optional()
    .meta({ description: "The order's value in rupees (0 to 10,000,000)." }),
};
