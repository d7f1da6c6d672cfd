import { describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { connection, db } from "../server/db";
import { applyMigrations, diffMigrationsToSchema, readMigrations } from "./engine";

/** The schema engine's migration lock (its own constant, the same in every Prisma). */
const MIGRATION_LOCK_KEY = 72707369;

describe("migrations", () => {
  it("record every migration in _prisma_migrations as prisma migrate deploy would", async () => {
    const rows = await db().$queryRaw<{ migration_name: string; finished_at: Date | null; checksum: string }[]>`
      SELECT migration_name, finished_at, checksum FROM _prisma_migrations ORDER BY migration_name`;
    expect(rows.map((r) => r.migration_name)).toEqual(readMigrations().migrationDirectories.map((d) => d.path));
    expect(rows.every((r) => r.finished_at !== null && /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it("seed the three plans of the contract", async () => {
    const plans = await db().plan.findMany({ where: { id: { in: ["free", "starter", "growth"] } }, orderBy: { includedTenths: "asc" } });
    expect(plans.map((p) => [p.id, p.includedTenths / 10, p.batchCap, p.overagePaisePerUnit])).toEqual([
      ["free", 100, 100, null],
      ["starter", 5000, 1000, 50],
      ["growth", 50000, 1000, 30],
    ]);
  });

  it("match prisma/schema.prisma exactly (db:diff has nothing to write)", async () => {
    const shadow = new PGlite("memory://");
    const sql = await diffMigrationsToSchema(new PrismaPGlite(shadow));
    await shadow.close();
    expect(sql.trim()).toMatch(/^(-- This is an empty migration\.)?$/);
  });

  // The engine's advisory lock, held by a pooled connection, made every server starting after this
  // process migrated wait out the lock's 10 s timeout (then retry) until the pool dropped the connection.
  // Another session takes the lock once the engine's closed connections have ended: their backends
  // exit a moment after the close, so it waits for them, bounded well below that 10 s.
  it.runIf(process.env.DAKIYA_TEST_DB === "postgres")("leave no lock behind: another process can migrate at once", async () => {
    expect(await applyMigrations(connection().adapterFactory)).toEqual([]);
    await db().$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '5s'`;
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}::bigint)::text AS locked`;
    });
  });
});
