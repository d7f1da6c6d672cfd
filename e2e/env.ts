import path from "node:path";

/** Where the e2e run keeps its database and seed: one directory per run, chosen in playwright.config.ts. */
const dir = process.env.DAKIYA_E2E_DIR;
if (!dir) throw new Error("DAKIYA_E2E_DIR is not set: run the suite with `npx playwright test`.");

export const E2E = {
  dir,
  seedFile: path.join(dir, "seed.json"),
  port: Number(process.env.DAKIYA_E2E_PORT ?? 3210),
  /** Signed-in browser state per account, written by auth.setup.ts. */
  state: { owner: path.join(dir, "owner.json"), viewer: path.join(dir, "viewer.json"), other: path.join(dir, "other.json") },
};

interface CreatedWorkspace {
  workspace_id: string;
  plan: string;
  test_key: string;
  live_key: string;
  console: { email: string; password: string };
}

/** What e2e/serve.ts seeded through the CLI. */
export interface Seed {
  acme: CreatedWorkspace;
  viewer: { user_id: string; email: string; password: string; role: string };
  other: CreatedWorkspace;
  /** `demo outcomes` in Acme: synthetic verifications over the last 90 days and the outcomes reported for them. */
  demo: { workspace_id: string; verifications: number; outcomes: number };
}
