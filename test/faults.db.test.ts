import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { applyMigrations } from "../prisma/engine";
import { PrismaClient } from "../server/generated/prisma/client";
import { createWorkspace, upsertPlan, type CreatedWorkspace } from "../server/workspaces";
import { apiClient } from "./helpers";
import { startCountingProvider, type CountingProvider } from "./counting-provider";
import { privatePostgres, startPrivateCluster, type PrivateCluster } from "./private-postgres";
import { killServerProcesses, poll, startServerProcess, type ServerProcess } from "./server-process";

/**
 * Faults on real PostgreSQL (docs/operations.md, "Running several instances"): the database stopped
 * and started again under server processes, on a private cluster of the test's own (the shared server
 * every other test uses is never stopped). PostgreSQL half of the suite only.
 */
const onPostgres = !!process.env.DATABASE_URL;

let provider: CountingProvider;
beforeAll(async () => {
  provider = await startCountingProvider({ latencyMs: 20 });
});
afterAll(async () => {
  killServerProcesses();
  await provider.close();
});

function envFor(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DAKIYA_PROVIDER: "google",
    GOOGLE_MAPS_API_KEY: "test",
    PROVIDER_BASE_URL: provider.url,
    PROVIDER_CONCURRENCY: "4",
    BATCH_ROW_LEASE_MS: "10000",
    DAKIYA_LOG_REQUESTS: "0",
    PORT: "0",
    HOST: "127.0.0.1",
    ...extra,
  };
}

/** A migrated database on the cluster with a workspace on a plan without rate limits (overage, so never refused). */
async function prepareCluster(url: string): Promise<CreatedWorkspace> {
  await applyMigrations(new PrismaPg({ connectionString: url }));
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    await upsertPlan(prisma, { id: "faults", includedUnits: 100_000, batchCap: 1000, overagePaisePerUnit: 50, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
    return await createWorkspace(prisma, { name: "Faults", planId: "faults" });
  } finally {
    await prisma.$disconnect();
  }
}

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const runsHere = onPostgres && privatePostgres.available;
if (onPostgres && !privatePostgres.available) console.warn(`test/faults.db.test.ts: database fault tests skipped: ${privatePostgres.reason}`);

describe.runIf(runsHere)("the database stopped and started again", () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let keys: CreatedWorkspace;
  let cookie: string;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    keys = await prepareCluster(cluster.url);
    server = await startServerProcess(envFor(cluster.url));
    cookie = await signIn(server.origin, keys.console.email, keys.console.password);
  });
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await cluster?.remove();
  });

  it("answers 503 provider_unavailable with Retry-After on every endpoint while it is down, never a 500, and recovers by itself", { timeout: 120_000 }, async () => {
    const api = apiClient(server.url);
    const verify = () => api("POST", "/addresses/verify", { key: keys.live_key, body: { address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" } });
    expect((await verify()).status).toBe(200);
    const console = () => fetch(`${server.origin}/api/trpc/console.me`, { headers: { cookie } });
    expect((await console()).status).toBe(200);

    await cluster.stop();
    const answers = {
      verify: await verify(),
      usage: await api("GET", "/usage", { key: keys.live_key }),
      normalize: await api("POST", "/addresses/normalize", { key: keys.test_key, body: { address: "12 MG Road, Bengaluru 560001" } }),
      batch: await api("POST", "/addresses/verify/batch", { key: keys.live_key, body: { addresses: [{ address: "12 MG Road, Bengaluru 560001" }] } }),
      readyz: await apiClient(server.origin)("GET", "/readyz"),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect([name, res.status, res.body.error?.code, res.headers.get("retry-after")]).toEqual([name, 503, "provider_unavailable", "5"]);
    }
    const consoleDown = await console();
    expect([consoleDown.status, consoleDown.headers.get("retry-after")]).toEqual([503, "5"]);
    expect((await consoleDown.json()).error.data.api.code).toBe("provider_unavailable");

    await cluster.start();
    // The pool makes new connections by itself: no restart of the server.
    await poll(verify, (r) => r.status === 200);
    expect((await apiClient(server.origin)("GET", "/readyz")).status).toBe(200);
    expect((await console()).status).toBe(200);
  });
});
