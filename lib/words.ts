/**
 * The service's shared words, in their one home below everything (docs/decisions.md, "The house"):
 * the contract's decisions, validation levels, payment methods and outcome kinds, and the merchants'
 * and couriers' words for them, read the same way by the API, the console's pages (in the browser)
 * and the CLI: plain constants and functions, no imports. Reason codes are lib/reasons.ts.
 * Words are compared folded: lower case, without spaces, hyphens, underscores, dots or slashes, so
 * "Cash-on-Delivery", "cash on delivery" and "CASH_ON_DELIVERY" are one word.
 */

/** What a verification tells the merchant to do with the order, from go to stop. */
export const DECISIONS = ["SHIP", "REVIEW", "HOLD"] as const;
export type Decision = (typeof DECISIONS)[number];

/** How far the provider confirmed an address, coarsest first: `validation_below: "building"` holds for every level before it. */
export const VALIDATION_LEVELS = ["none", "pincode", "locality", "street", "building"] as const;
export type ValidationLevel = (typeof VALIDATION_LEVELS)[number];

export const PAYMENT_METHODS = ["cod", "prepaid"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The final state of a shipment, as merchants report it (the contract's outcome kinds). */
export const OUTCOME_KINDS = ["delivered", "rto", "customer_refused", "address_issue", "lost", "cancelled"] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export function fold(word: string): string {
  return word.toLowerCase().replace(/[\s\-_./]+/g, "");
}

export const PAYMENT_WORDS = {
  cod: ["COD", "cash on delivery", "cash"],
  prepaid: ["prepaid", "UPI", "card", "credit card", "debit card", "netbanking", "wallet", "paid"],
} as const satisfies Record<PaymentMethod, readonly string[]>;

const PAYMENT_BY_FOLD = new Map<string, PaymentMethod>(Object.entries(PAYMENT_WORDS).flatMap(([method, words]) => words.map((w) => [fold(w), method as PaymentMethod] as const)));

/** "UPI", "Cash on delivery" → prepaid, cod; any other word → undefined. */
export function paymentMethodOf(word: string): PaymentMethod | undefined {
  return PAYMENT_BY_FOLD.get(fold(word));
}

/**
 * Couriers' status words for the final state of a shipment, by the contract's outcome kinds. A
 * courier's "Undelivered" with no reason is a parcel that failed delivery and goes back to the
 * seller, which is what `rto` counts (docs/decisions.md, "Outcomes in bulk").
 */
export const OUTCOME_WORDS = {
  delivered: ["delivered", "DL", "DLVD", "successfully delivered", "delivered to customer"],
  rto: ["RTO", "returned to origin", "return to origin", "RTO delivered", "RTO initiated", "RTS", "returned to shipper", "returned", "undelivered", "not delivered"],
  customer_refused: ["refused", "customer refused", "refused by customer", "rejected", "rejected by customer", "delivery refused"],
  address_issue: ["address issue", "address not found", "incorrect address", "wrong address", "incomplete address", "bad address"],
  lost: ["lost", "lost in transit", "shipment lost", "missing"],
  cancelled: ["cancelled", "canceled", "order cancelled", "shipment cancelled"],
} as const satisfies Record<OutcomeKind, readonly string[]>;

const OUTCOME_BY_FOLD = new Map<string, OutcomeKind>(Object.entries(OUTCOME_WORDS).flatMap(([kind, words]) => words.map((w) => [fold(w), kind as OutcomeKind] as const)));
for (const kind of OUTCOME_KINDS) OUTCOME_BY_FOLD.set(fold(kind), kind);

/** "Delivered", "Returned to origin", "customer_refused" → the contract's kind; any other word → undefined. */
export function outcomeOf(word: string): OutcomeKind | undefined {
  return OUTCOME_BY_FOLD.get(fold(word));
}
