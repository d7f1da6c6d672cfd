/**
 * Node's flags for the processes the database tests run in: Vitest's workers (vitest.config.ts), the
 * CLI's and the server's (test/global-setup.ts). V8's baseline WebAssembly compiler only: such a process
 * spends more CPU optimising PGlite's and Prisma's WASM than the optimised code saves it (a CLI command
 * on PGlite 1.5 CPU s instead of 2.4, test/api/verify.db.test.ts 18% less; docs/testing.md). The code
 * runs the same.
 */
export const NODE_FLAGS = ["--liftoff-only"];
