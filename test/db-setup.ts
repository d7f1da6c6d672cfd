/**
 * Per test file: a fresh database of the kind the Vitest project names (DAKIYA_TEST_DB), already
 * migrated: a copy of the run's migrated PGlite directory, or a new database on the real PostgreSQL
 * server made from the run's template database (both migrated once by test/global-setup.ts, with the
 * same WASM schema engine `npm run db:migrate` uses). Removed when the file is done.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { reloadConfig } from "../server/config";
import { closeDatabase, db } from "../server/db";
import { createScratchDatabase } from "../scripts/scratch-database";
import { POSTGRES_ADMIN_URL } from "./global-setup";

const kind = process.env.DAKIYA_TEST_DB ?? "pglite";
process.env.DAKIYA_LOG_REQUESTS = "0";
const scratch = kind === "postgres" ? await createScratchDatabase(POSTGRES_ADMIN_URL, "dakiya_test", inject("postgresTemplate")) : null;
const pgliteParent = scratch ? null : fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-test-"));
if (scratch) {
  process.env.DATABASE_URL = scratch.url;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = path.join(pgliteParent!, "pglite");
  fs.cpSync(inject("pgliteTemplate"), process.env.PGLITE_DIR, { recursive: true });
}
reloadConfig();
// Opened here, as migrating it used to: a database that cannot open fails the set-up, not the first test.
await db().$queryRaw`SELECT 1`;

afterAll(async () => {
  await closeDatabase();
  await scratch?.drop();
  if (pgliteParent) fs.rmSync(pgliteParent, { recursive: true, force: true });
});
