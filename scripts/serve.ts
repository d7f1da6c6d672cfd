/**
 * `npm run dev` / `npm start`: the Dakiya server (server/http) in this process. Development adds
 * conveniences: a demo workspace on the first run, the provider simulator (unless PROVIDER_BASE_URL
 * points elsewhere), webhooks to private addresses allowed, and Next.js in development mode.
 */
import fs from "node:fs";
import path from "node:path";
import type { CreatedWorkspace } from "../server/workspaces";

const mode = process.argv[2] === "start" ? "start" : "dev";
const DEMO_FILE = path.resolve(".data/demo-workspace.json");

// Before any module reads the configuration (the server's modules are imported below, after this).
const env = process.env as Record<string, string | undefined>;
if (mode === "dev") {
  env.NODE_ENV ??= "development";
  env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ??= "1";
} else {
  env.NODE_ENV = "production";
}
const { config } = await import("../server/config");
const { db } = await import("../server/db");
const { createWorkspace } = await import("../server/workspaces");
const { makeSyntheticOutcomes } = await import("../server/outcomes/synthetic");
const { startSimulator } = await import("../server/provider/simulator");
const { startServer, stopOnSignals } = await import("../server/http/main");

async function demoWorkspace(): Promise<CreatedWorkspace> {
  let demo: CreatedWorkspace;
  if (fs.existsSync(DEMO_FILE)) demo = JSON.parse(fs.readFileSync(DEMO_FILE, "utf8")) as CreatedWorkspace;
  else {
    demo = await createWorkspace(db(), { name: "Demo workspace", planId: "starter" });
    fs.mkdirSync(path.dirname(DEMO_FILE), { recursive: true });
    fs.writeFileSync(DEMO_FILE, JSON.stringify(demo, null, 2), { mode: 0o600 });
  }
  // The Policy and Outcomes pages need outcomes to show: synthetic ones, once (also for a demo workspace made before them).
  if (!(await db().verification.findFirst({ where: { workspaceId: demo.workspace_id, synthetic: true }, select: { id: true } }))) {
    const made = await makeSyntheticOutcomes(db(), demo.workspace_id);
    console.log(`dakiya: demo workspace seeded with ${made.verifications} synthetic verifications and ${made.outcomes} outcomes (docs/decision-policy.md)`);
  }
  return demo;
}

/** The simulator runs in this process; one already listening (`npm run provider:sim`) is used as is. */
async function simulator(): Promise<void> {
  const c = config();
  if (c.provider !== "simulator" || c.PROVIDER_BASE_URL) return;
  try {
    const sim = await startSimulator({ port: c.PROVIDER_SIM_PORT, latencyMs: c.PROVIDER_SIM_LATENCY_MS, jitterMs: c.PROVIDER_SIM_JITTER_MS, errorRate: c.PROVIDER_SIM_ERROR_RATE });
    console.log(`dakiya: provider simulator at ${sim.url} (docs/provider.md)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    console.log(`dakiya: using the provider simulator already on port ${c.PROVIDER_SIM_PORT}`);
  }
}

async function main() {
  const { DATABASE_URL, PGLITE_DIR } = config();
  if (mode === "dev") await simulator();
  const server = await startServer({ pages: { dev: mode === "dev" } });
  stopOnSignals(server);
  const base = `http://localhost:${server.port}`;
  console.log(`dakiya: ${mode === "dev" ? "development" : "production"} server at ${base} (API ${base}/api/v1, reference ${base}/docs)`);
  console.log(`dakiya: database ${DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${PGLITE_DIR}`}`);
  if (mode !== "dev") return;
  const demo = await demoWorkspace();
  console.log(
    [
      `dakiya: demo workspace ${demo.workspace_id} (plan ${demo.plan}; kept in ${path.relative(process.cwd(), DEMO_FILE)})`,
      `  test key  ${demo.test_key}`,
      `  live key  ${demo.live_key}`,
      `  console   ${demo.console.email} / ${demo.console.password}`,
      `  try: curl -s ${base}/api/v1/digipin/39J49LL8T4 -H "Authorization: Bearer ${demo.test_key}"`,
    ].join("\n"),
  );
}

main().catch((err) => {
  console.error(`dakiya: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
