/**
 * Per test file: a fresh database of the kind the Vitest project names (DAKIYA_TEST_DB):
 * an in-memory PGlite, or a new database on the real PostgreSQL server, migrated with the
 * same WASM schema engine `npm run db:migrate` uses. Dropped when the file is done.
 */
import { afterAll } from "vitest";
import { reloadConfig } from "../server/config";
import { closeDatabase, connection } from "../server/db";
import { applyMigrations } from "../prisma/engine";
import { createScratchDatabase } from "../scripts/scratch-database";

const kind = process.env.DAKIYA_TEST_DB ?? "pglite";
const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.DAKIYA_LOG_REQUESTS = "0";
const scratch = kind === "postgres" ? await createScratchDatabase(adminUrl, "dakiya_test") : null;
if (scratch) {
  process.env.DATABASE_URL = scratch.url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
reloadConfig();
await applyMigrations(connection().adapterFactory);

afterAll(async () => {
  await closeDatabase();
  await scratch?.drop();
});
