import { beforeAll, describe, expect, it } from "vitest";
import { cliFixture } from "../../test/cli";

const { migrate, dakiya, dakiyaJson } = cliFixture("cli-webhook");

describe("dakiya webhook add", { timeout: 120_000 }, () => {
  let workspaceId = "";
  beforeAll(async () => {
    await migrate();
    workspaceId = (await dakiyaJson("workspace", "create", "--name", "Hooks", "--plan", "starter", "--json")).workspace_id!;
  });

  it("prints exactly webhook_id and secret with --json, and a line otherwise", async () => {
    const res = await dakiya("webhook", "add", "--workspace", workspaceId, "--url", "https://shop.example/hooks", "--json");
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(Object.keys(out).sort()).toEqual(["secret", "webhook_id"]);
    expect(out.webhook_id).toMatch(/^wh_/);
    expect(out.secret).toMatch(/^whsec_/);

    const human = await dakiya("webhook", "add", "--workspace", workspaceId, "--url", "https://shop.example/other-hooks");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Webhook wh_\w+ secret: whsec_/);
  });

  it.each([
    [["--workspace", "WS"], /missing --url/],
    [["--url", "https://shop.example/hooks"], /missing --workspace/],
    [["--workspace", "WS", "--url", "http://shop.example/hooks"], /must use https/],
    [["--workspace", "WS", "--url", "http://localhost:4000/hooks"], /must use https/],
    [["--workspace", "WS", "--url", "https://2130706433/hooks"], /host 127\.0\.0\.1 is not allowed: .*loopback, private/],
    [["--workspace", "WS", "--url", "https://[::ffff:10.0.0.1]:5432/"], /is not allowed/],
    [["--workspace", "WS", "--url", "https://localhost/hooks"], /host localhost is not allowed/],
    [["--workspace", "ws_nope", "--url", "https://shop.example/hooks"], /No workspace ws_nope/],
  ])("refuses %j with one line and exit code 2", async (args, message) => {
    const res = await dakiya("webhook", "add", ...args.map((a) => (a === "WS" ? workspaceId : a)));
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  });
});
