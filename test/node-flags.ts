/**
 * Node's flags for the processes the database tests start: Vitest's workers (vitest.config.ts), the CLI
 * and the server processes (test/global-setup.ts). V8's baseline WebAssembly compiler only: such a
 * process spends more CPU optimising PGlite's and Prisma's WASM than the optimised code saves it (about
 * 18% of a PGlite test file's CPU, 40% of a CLI command's; docs/testing.md). The code runs the same.
 */
export const NODE_FLAGS = ["--liftoff-only"];
