import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

/**
 * Prisma's own schema engine in its WASM build, driven through our driver adapters, because the
 * native engine binary cannot be downloaded everywhere. The `_prisma_migrations` table it writes is
 * the one `prisma migrate deploy` reads.
 */
// This file's folder, or the project's prisma/ when it runs from the production bundle in dist/.
const here = path.dirname(fileURLToPath(import.meta.url));
export const PRISMA_DIR = fs.existsSync(path.join(here, "schema.prisma")) ? here : path.resolve(here, "..", "prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");

const noFilters = { externalTables: [], externalEnums: [] };
let wasmReady: Promise<void> | null = null;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

async function openEngine(factory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  await loadWasm();
  const schema = fs.readFileSync(SCHEMA_PATH, "utf8");
  return await bg.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((n) => fs.statSync(path.join(dir, n)).isDirectory())
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => {
      const file = path.join(dir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: fs.existsSync(file) ? { tag: "ok" as const, value: fs.readFileSync(file, "utf8") } : { tag: "error" as const, value: `missing ${file}` },
        },
      };
    }),
  };
}

/**
 * adapter-pg's `executeScript` splits a script at every ";", which cuts a function body (the
 * analytics triggers') apart. Sent whole and without parameters, node-postgres uses the simple
 * query protocol, in which PostgreSQL runs a script of many statements as one. PGlite's adapter
 * already runs scripts whole.
 */
function runningScriptsWhole(adapter: SqlDriverAdapter): SqlDriverAdapter {
  if (adapter.adapterName !== "@prisma/adapter-pg") return adapter;
  const executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return new Proxy(adapter, {
    get: (target, property) => {
      if (property === "executeScript") return executeScript;
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Applies every migration in prisma/migrations not yet applied; returns the names applied. On
 * PostgreSQL the engine takes a session-level advisory lock and never unlocks it (its native build
 * exits instead), so every connection it opened is closed afterwards: one left open would hold the
 * lock, and another process migrating meanwhile would wait on it.
 */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const opened: SqlDriverAdapter[] = [];
  const closing: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return runningScriptsWhole(adapter);
    },
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
  try {
    const engine = await openEngine(closing);
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilters });
    return appliedMigrationNames;
  } finally {
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

/**
 * The SQL that takes a database from the committed migrations to the current schema, computed
 * on a shadow database the adapter provides (a fresh in-memory PGlite). Empty when they agree.
 */
export async function diffMigrationsToSchema(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const engine = await openEngine(factory);
  const schema = fs.readFileSync(SCHEMA_PATH, "utf8");
  const migrations = readMigrations();
  const from = migrations.migrationDirectories.length ? { tag: "migrations" as const, ...migrations } : { tag: "empty" as const };
  const result = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
    script: true,
    exitCode: null,
    filters: noFilters,
  });
  return (result as { stdout?: string }).stdout ?? "";
}

/**
 * Committed migrations the database has not finished applying (readiness). Throws when the database
 * does not answer or has never been migrated.
 */
export async function pendingMigrations(query: <T>(sql: TemplateStringsArray) => Promise<T>): Promise<string[]> {
  const applied = await query<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const done = new Set(applied.map((r) => r.migration_name));
  return readMigrations()
    .migrationDirectories.map((d) => d.path)
    .filter((name) => !done.has(name));
}
