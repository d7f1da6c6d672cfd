/**
 * The server the e2e suite runs against (Playwright's webServer): the production server as
 * `npm start` starts it, over a production build in its own build directory, a fresh embedded
 * database in the run's temporary directory (migrated and seeded through the operator CLI while the
 * build runs), and the provider simulator, slowed down so that a batch can be cancelled while it
 * runs. Stopping it removes the directory.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { npmStartArgs } from "../scripts/npm-start";
import path from "node:path";
import { startSimulator } from "../server/provider/simulator";
import { E2E, type Seed } from "./env";

const NEXT = path.join("node_modules", ".bin", "next");

// Always the embedded database: a DATABASE_URL in the caller's environment (the PostgreSQL tests', the
// benchmarks') would have the server migrate and seed the database it names.
const { DATABASE_URL: _postgres, ...inherited } = process.env;
const env: NodeJS.ProcessEnv = {
  ...inherited,
  PORT: String(E2E.port),
  PGLITE_DIR: path.join(E2E.dir, "pglite"),
  DAKIYA_PROVIDER: "simulator",
  PROVIDER_CONCURRENCY: "4",
  DAKIYA_LOG_REQUESTS: "0",
  LOG_LEVEL: "warn",
  // The webhook tests receive on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
  BETTER_AUTH_URL: `http://localhost:${E2E.port}`,
  NEXT_DIST_DIR: ".next/e2e",
  NEXT_TELEMETRY_DISABLED: "1",
};

function cli<T>(...args: string[]): T {
  return JSON.parse(execFileSync(process.execPath, ["bin/dakiya.mjs", ...args, "--json"], { env, encoding: "utf8" })) as T;
}

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

async function main() {
  fs.mkdirSync(E2E.dir, { recursive: true });
  const build = exited(spawn(NEXT, ["build"], { env, stdio: "inherit" })).then(async (code) =>
    code === 0 ? exited(spawn("npm", ["run", "build:server"], { env, stdio: "inherit" })) : code,
  );

  execFileSync(process.execPath, ["--import", "tsx", "prisma/migrate.ts"], { env, stdio: "inherit" });
  const acme = cli<Seed["acme"]>("workspace", "create", "--name", "Acme Retail", "--plan", "starter", "--owner-email", "owner@acme.test");
  const viewer = cli<Seed["viewer"]>("user", "create", "--workspace", acme.workspace_id, "--email", "viewer@acme.test", "--role", "viewer");
  const other = cli<Seed["other"]>("workspace", "create", "--name", "Other Traders", "--plan", "starter", "--owner-email", "owner@other.test");
  fs.writeFileSync(E2E.seedFile, JSON.stringify({ acme, viewer, other } satisfies Seed, null, 2));

  const built = await build;
  if (built !== 0) throw new Error(`the build failed (exit ${built})`);

  const sim = await startSimulator({ port: 0, latencyMs: 200, jitterMs: 0, errorRate: 0 });
  const server = spawn(process.execPath, npmStartArgs(), { env: { ...env, PROVIDER_BASE_URL: sim.url }, stdio: "inherit" });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
    await sim.close();
    fs.rmSync(E2E.dir, { recursive: true, force: true });
    process.exit(code);
  };
  void exited(server).then(stop);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
}

main().catch((err) => {
  console.error(`e2e server: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
