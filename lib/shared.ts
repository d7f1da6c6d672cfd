/** Values the server and the console's browser code share: plain constants, no imports. */

export const ADDRESS_MIN_LENGTH = 5;
export const ADDRESS_MAX_LENGTH = 280;
export const ORDER_ID_MAX_LENGTH = 128;
export const BATCH_MAX_ROWS = 1000;
export const BATCH_NAME_MAX_LENGTH = 120;

/** The console's mode for a request (`test` or `live`, default live): test mode verifies fixtures for free, as a test key does. */
export const MODE_HEADER = "x-dakiya-mode";
export type ConsoleMode = "test" | "live";

/** Where the server lends the pages it renders their procedure calls (server/http/page-calls.ts). */
export const PAGE_CALLS = Symbol.for("dakiya.pageCalls");

/** Decision policy limits and conditions (the contract's "Decision policy and outcomes"); server/policy validates with them. */
export const POLICY_MAX_RULES = 50;
export const POLICY_MAX_PINCODES = 1000;
export const POLICY_MAX_STATES = 40;
export const ORDER_VALUE_MAX = 10_000_000;
/** A payment method in the merchant's words ("cash on delivery", "UPI"; lib/words.ts) is at most this long. */
export const PAYMENT_WORD_MAX_LENGTH = 40;
export const POLICY_CONDITIONS = [
  "reasons",
  "payment_method",
  "score_below",
  "score_at_least",
  "order_value_above",
  "validation_below",
  "pincodes",
  "states",
  "prior_returns_at_least",
] as const;
/** Preview cost settings: whole rupees, 0 to this. */
export const OUTCOME_COST_MAX_RUPEES = 100_000;
