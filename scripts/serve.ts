/**
 * `npm run dev` / `npm start`: migrate the database, seed a demo workspace on the first run (dev),
 * start the provider simulator (dev, unless PROVIDER_BASE_URL points elsewhere), then start Next.js. The database is released before Next.js starts, because the embedded PGlite
 * may be open in one process only and the server is that process.
 */
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { config } from "../server/config";
import { closeDatabase, connection } from "../server/db";
import { createWorkspace, type CreatedWorkspace } from "../server/workspaces";
import { startSimulator } from "../server/provider/simulator";
import { applyMigrations } from "../prisma/engine";

const mode = process.argv[2] === "start" ? "start" : "dev";
const DEMO_FILE = path.resolve(".data/demo-workspace.json");

async function prepare(): Promise<CreatedWorkspace | null> {
  const conn = connection();
  const applied = await applyMigrations(conn.adapterFactory);
  if (applied.length) console.log(`dakiya: applied migrations ${applied.join(", ")}`);
  if (mode !== "dev") return null;
  if (fs.existsSync(DEMO_FILE)) return JSON.parse(fs.readFileSync(DEMO_FILE, "utf8")) as CreatedWorkspace;
  const demo = await createWorkspace(conn.prisma, { name: "Demo workspace", planId: "starter" });
  fs.mkdirSync(path.dirname(DEMO_FILE), { recursive: true });
  fs.writeFileSync(DEMO_FILE, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}

/** The simulator runs in this parent process; one already listening (`npm run provider:sim`) is used as is. */
async function simulator(): Promise<(() => Promise<void>) | null> {
  const c = config();
  if (mode !== "dev" || c.provider !== "simulator" || c.PROVIDER_BASE_URL) return null;
  try {
    const sim = await startSimulator({ port: c.PROVIDER_SIM_PORT, latencyMs: c.PROVIDER_SIM_LATENCY_MS, jitterMs: c.PROVIDER_SIM_JITTER_MS, errorRate: c.PROVIDER_SIM_ERROR_RATE });
    console.log(`dakiya: provider simulator at ${sim.url} (docs/provider.md)`);
    return sim.close;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    console.log(`dakiya: using the provider simulator already on port ${c.PROVIDER_SIM_PORT}`);
    return null;
  }
}

async function main() {
  const { PORT, DATABASE_URL, PGLITE_DIR } = config();
  const demo = await prepare();
  await closeDatabase();
  const stopSimulator = await simulator();

  console.log(`dakiya: database ${DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${PGLITE_DIR}`}`);
  if (demo) {
    console.log(
      [
        `dakiya: demo workspace ${demo.workspace_id} (plan ${demo.plan}; kept in ${path.relative(process.cwd(), DEMO_FILE)})`,
        `  test key  ${demo.test_key}`,
        `  live key  ${demo.live_key}`,
        `  console   ${demo.console.email} / ${demo.console.password}`,
        `  try: curl -s http://localhost:${PORT}/api/v1/digipin/39J49LL8T4 -H "Authorization: Bearer ${demo.test_key}"`,
      ].join("\n"),
    );
  }
  const next = spawn("npx", ["next", mode, "-p", String(PORT)], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => next.kill(signal));
  next.on("exit", async (code) => {
    await stopSimulator?.();
    process.exit(code ?? 0);
  });
}

main().catch((err) => {
  console.error(`dakiya: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
