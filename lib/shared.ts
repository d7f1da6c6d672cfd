/** Values the server and the console's browser code share: plain constants, no imports. */

export const ADDRESS_MIN_LENGTH = 5;
export const ADDRESS_MAX_LENGTH = 280;
export const ORDER_ID_MAX_LENGTH = 128;
export const BATCH_MAX_ROWS = 1000;

/** The console's mode for a request (`test` or `live`, default live): test mode verifies fixtures for free, as a test key does. */
export const MODE_HEADER = "x-dakiya-mode";
export type ConsoleMode = "test" | "live";

/** Where the server lends the pages it renders their procedure calls (server/http/page-calls.ts). */
export const PAGE_CALLS = Symbol.for("dakiya.pageCalls");
