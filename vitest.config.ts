import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS } from "./test/node-flags";

const alias = { "~": fileURLToPath(new URL(".", import.meta.url)) };
// Tests that need a database are named *.db.test.ts; they run once on PGlite and once on PostgreSQL.
const dbTests = ["server/**/*.db.test.ts", "test/**/*.db.test.ts", "inngest/**/*.db.test.ts", "prisma/**/*.db.test.ts", "scripts/**/*.db.test.ts"];
const shared = { testTimeout: 30_000, hookTimeout: 120_000, setupFiles: ["test/property-seed.ts"] };
// Once per run of each database project: the CLI and server bundles, and a migrated database to copy.
const dbProject = { ...shared, include: dbTests, setupFiles: [...shared.setupFiles, "test/db-setup.ts"], globalSetup: ["test/global-setup.ts"], execArgv: NODE_FLAGS };

export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { ...shared, name: "unit", include: ["server/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts", "inngest/**/*.test.ts"], exclude: dbTests },
      },
      {
        resolve: { alias },
        test: { ...dbProject, name: "pglite", env: { DAKIYA_TEST_DB: "pglite" } },
      },
      {
        resolve: { alias },
        test: { ...dbProject, name: "postgres", env: { DAKIYA_TEST_DB: "postgres" } },
      },
    ],
  },
});
