/**
 * Merchants' and couriers' words for payment methods and delivery outcomes, read the same way by the
 * API, the console's CSV uploads (in the browser) and the CLI: plain constants and functions, no imports.
 * Words are compared folded: lower case, without spaces, hyphens, underscores, dots or slashes, so
 * "Cash-on-Delivery", "cash on delivery" and "CASH_ON_DELIVERY" are one word.
 */

export function fold(word: string): string {
  return word.toLowerCase().replace(/[\s\-_./]+/g, "");
}

export const PAYMENT_WORDS = {
  cod: ["COD", "cash on delivery", "cash"],
  prepaid: ["prepaid", "UPI", "card", "credit card", "debit card", "netbanking", "wallet", "paid"],
} as const;

export type PaymentWord = keyof typeof PAYMENT_WORDS;

const PAYMENT_BY_FOLD = new Map<string, PaymentWord>(Object.entries(PAYMENT_WORDS).flatMap(([method, words]) => words.map((w) => [fold(w), method as PaymentWord] as const)));

/** "UPI", "Cash on delivery" → prepaid, cod; any other word → undefined. */
export function paymentMethodOf(word: string): PaymentWord | undefined {
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
} as const;

export type OutcomeWord = keyof typeof OUTCOME_WORDS;

const OUTCOME_BY_FOLD = new Map<string, OutcomeWord>(Object.entries(OUTCOME_WORDS).flatMap(([kind, words]) => words.map((w) => [fold(w), kind as OutcomeWord] as const)));
for (const kind of Object.keys(OUTCOME_WORDS)) OUTCOME_BY_FOLD.set(fold(kind), kind as OutcomeWord);

/** "Delivered", "Returned to origin", "customer_refused" → the contract's kind; any other word → undefined. */
export function outcomeOf(word: string): OutcomeWord | undefined {
  return OUTCOME_BY_FOLD.get(fold(word));
}
