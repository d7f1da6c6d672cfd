/**
 * Once per Vitest run of a database project (pglite, postgres), what every test file and child
 * process would otherwise pay for again (docs/testing.md, "Where CI's time goes"):
 *
 * - the CLI and the API server process bundled with esbuild, as `npm run build:server` bundles the
 *   server, so a child process does not transpile TypeScript through tsx each time it starts;
 * - one migrated database that each test file (test/db-setup.ts) and CLI fixture (test/cli.ts) copies:
 *   a PGlite directory (a new one costs an initdb and every migration), or a PostgreSQL template database.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "../scripts/scratch-database";
import { NODE_FLAGS } from "./node-flags";

declare module "vitest" {
  export interface ProvidedContext {
    /** `node <these> <command> …` runs the CLI as bin/dakiya.mjs does. */
    dakiyaArgs: string[];
    /** `node <these>` starts test/api-process.ts. */
    serverArgs: string[];
    /** A migrated PGlite directory to copy (pglite project). */
    pgliteTemplate: string;
    /** A migrated database to create test databases from (postgres project). */
    postgresTemplate: string;
  }
}

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const done: Array<() => Promise<void> | void> = [];
  // Directly in dist/, as the production bundle is: prisma/engine.ts finds prisma/ from there. The
  // CLI's file name ends in dakiya.mjs, which a PGlite lock's holder is recognised by (server/db.ts).
  const stem = path.join("dist", `vitest-${process.pid}-${project.name}`);
  const bundles = { dakiya: `${stem}-dakiya.mjs`, server: `${stem}-server.mjs` };
  await build({
    entryPoints: { [path.basename(bundles.dakiya, ".mjs")]: "scripts/cli.ts", [path.basename(bundles.server, ".mjs")]: "test/api-process.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir: "dist",
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  done.push(() => Object.values(bundles).forEach((file) => fs.rmSync(file, { force: true })));
  project.provide("dakiyaArgs", [...NODE_FLAGS, path.resolve(bundles.dakiya)]);
  project.provide("serverArgs", [...NODE_FLAGS, path.resolve(bundles.server)]);

  // Migrated by `npm run db:migrate`'s script in a process of its own: the projects' set-ups run side by
  // side in this one, where the schema engine's WASM module is a single instance that two migrations
  // at once would share.
  const migrate = (env: NodeJS.ProcessEnv) => promisify(execFile)(process.execPath, ["--import", "tsx", "prisma/migrate.ts"], { env });
  const { DATABASE_URL: _url, ...environment } = process.env;
  if (project.name === "postgres") {
    const template = await createScratchDatabase(POSTGRES_ADMIN_URL, "dakiya_template");
    done.push(() => template.drop());
    await migrate({ ...environment, DATABASE_URL: template.url });
    project.provide("postgresTemplate", new URL(template.url).pathname.slice(1));
  } else {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-template-"));
    done.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    const dir = path.join(parent, "pglite");
    await migrate({ ...environment, PGLITE_DIR: dir });
    project.provide("pgliteTemplate", dir);
  }

  return async () => {
    for (const step of done.reverse()) await step();
  };
}
