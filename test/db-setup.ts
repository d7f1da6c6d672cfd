/**
 * Per test file: a fresh database of the kind the Vitest project names (DAKIYA_TEST_DB):
 * an in-memory PGlite, or a new database on the real PostgreSQL server, migrated with the
 * same WASM schema engine `npm run db:migrate` uses. Dropped when the file is done.
 */
import { afterAll } from "vitest";
import pg from "pg";
import { reloadConfig } from "../server/config";
import { closeDatabase, connection } from "../server/db";
import { applyMigrations } from "../prisma/engine";

const kind = process.env.DAKIYA_TEST_DB ?? "pglite";
const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
let dbName: string | null = null;

process.env.DAKIYA_LOG_REQUESTS = "0";
if (kind === "postgres") {
  dbName = `dakiya_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
reloadConfig();
await applyMigrations(connection().adapterFactory);

afterAll(async () => {
  await closeDatabase();
  if (dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});
