import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { cliFixture } from "./cli";

const { env, migrate, dakiya, dakiyaJson } = cliFixture("policy-cli");
const dir = path.dirname(env.PGLITE_DIR);

// Each case starts real processes (tsx), which is slow on a loaded two-core machine.
describe("dakiya policy and demo outcomes", { timeout: 180_000 }, () => {
  let ws: { workspace_id: string };

  it("shows version 1 and publishes a policy from a file", async () => {
    await migrate();
    ws = await dakiyaJson<{ workspace_id: string }>("workspace", "create", "--name", "Policy CLI", "--plan", "starter", "--json");

    const shown = await dakiya("policy", "show", "--workspace", ws.workspace_id);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ version: 1, policy: { ship_min_score: 70, hold_max_score: 15, rules: [] }, created_by: "default" });

    const good = path.join(dir, "good.json");
    const policy = { ship_min_score: 75, hold_max_score: 20, rules: [{ if: { payment_method: "cod", score_below: 60 }, then: "HOLD" }] };
    fs.writeFileSync(good, JSON.stringify(policy));
    expect(await dakiyaJson("policy", "set", "--workspace", ws.workspace_id, "--file", good, "--json")).toMatchObject({ version: 2, policy, created_by: "operator (CLI)" });
  });

  it("refuses a broken policy, a file that is not JSON and an unknown workspace with exit 2", async () => {
    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(
      bad,
      JSON.stringify({
        ship_min_score: 75,
        hold_max_score: 20,
        rules: [
          { if: {}, then: "SHIP" },
          { if: { pincodes: ["1"] }, then: "NOPE" },
        ],
      }),
    );
    const refused = await dakiya("policy", "set", "--workspace", ws.workspace_id, "--file", bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/rules\.0\.if: .*rules\.1\.if\.pincodes\.0: .*rules\.1\.then: /);
    fs.writeFileSync(bad, "{ not json");
    expect((await dakiya("policy", "set", "--workspace", ws.workspace_id, "--file", bad)).code).toBe(2);
    expect((await dakiya("policy", "show", "--workspace", "ws_nope")).code).toBe(2);
  });

  it("makes demo outcomes under the policy in force", async () => {
    const made = await dakiyaJson<{ verifications: number; outcomes: number }>("demo", "outcomes", "--workspace", ws.workspace_id, "--count", "60", "--json");
    expect(made).toMatchObject({ workspace_id: ws.workspace_id, verifications: 60 });
    expect(made.outcomes).toBeGreaterThan(40);
    expect((await dakiya("demo", "outcomes", "--workspace", ws.workspace_id, "--count", "0")).code).toBe(2);
    // Published before: the demo's verifications were decided by version 2, and the policy in force is still it.
    expect(JSON.parse((await dakiya("policy", "show", "--workspace", ws.workspace_id)).stdout).version).toBe(2);
  });
});
