import { describe, expect, it } from "vitest";
import { cliFixture } from "./cli";

const { migrate, dakiya, dakiyaJson } = cliFixture("privacy-cli");

const ZERO = { verifications: 0, confirmations: 0, batch_rows: 0, webhook_deliveries: 0 };

// Each case starts real processes: 20–100 s each on a loaded two-core machine, and the first starts seven.
describe("dakiya privacy", { timeout: 600_000 }, () => {
  let ws: { workspace_id: string };

  it("sets the retention, erases an order and purges what is past the retention", async () => {
    await migrate();
    ws = await dakiyaJson<{ workspace_id: string }>("workspace", "create", "--name", "Privacy CLI", "--plan", "starter", "--json");
    // Synthetic live verifications spread over the last 90 days, orders DEMO-000001 onwards.
    await dakiyaJson("demo", "outcomes", "--workspace", ws.workspace_id, "--count", "60", "--json");

    expect(await dakiyaJson("privacy", "retention", "--workspace", ws.workspace_id, "--days", "30", "--json")).toEqual({ workspace_id: ws.workspace_id, retention_days: 30 });

    const erased = await dakiyaJson<{ erasure_id: string; redacted: typeof ZERO }>("privacy", "erase", "--workspace", ws.workspace_id, "--order-id", "DEMO-000001", "--json");
    expect(erased).toMatchObject({ erasure_id: expect.stringMatching(/^era_/), redacted: { ...ZERO, verifications: 1 } });

    const purged = await dakiyaJson<{ as_of: string; workspaces: number; redacted: typeof ZERO }>("privacy", "purge", "--json");
    expect(purged.workspaces).toBe(1);
    // About two thirds of 90 days lie past 30 days; the one erased above is not counted again.
    expect(purged.redacted.verifications).toBeGreaterThan(20);
    expect(purged.redacted.verifications).toBeLessThan(60);
    const again = await dakiya("privacy", "purge", "--as-of", purged.as_of);
    expect(again.stdout).toBe(`Purge as of ${purged.as_of}: redacted 0 verifications in 0 workspaces, 0 confirmations, 0 batch rows, 0 webhook deliveries.\n`);
  });

  it.each([
    [["privacy", "retention", "--workspace", "WS", "--days", "29"], /retention_days/],
    [["privacy", "retention", "--workspace", "WS", "--days", "abc"], /--days must be a whole number/],
    [["privacy", "retention", "--workspace", "ws_unknown00000000000000", "--days", "90"], /No workspace/],
    [["privacy", "erase", "--workspace", "WS"], /missing --order-id/],
    [["privacy", "erase", "--workspace", "WS", "--order-id", "x", "--verbose"], /Unknown option/],
    [["privacy", "purge", "--as-of", "2026-02-30"], /--as-of must be a date YYYY-MM-DD/],
    [["privacy", "forget"], /unknown command/],
  ])("refuses %j with one line and exit 2", async (args, message) => {
    const res = await dakiya(...args.map((a) => (a === "WS" ? ws.workspace_id : a)));
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  });
});
