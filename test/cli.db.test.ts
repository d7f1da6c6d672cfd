import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { cliFixture, DAKIYA, run } from "./cli";

const { env, migrate, dakiya, dakiyaBin, dakiyaJson } = cliFixture("cli");
const dir = path.dirname(env.PGLITE_DIR);

// Each case starts real processes, which is slow on a loaded two-core machine.
describe("dakiya CLI", { timeout: 120_000 }, () => {
  it("creates a workspace and prints exactly the contract's JSON", async () => {
    await migrate();
    // The one command run through the user's entry, bin/dakiya.mjs (tsx), end to end; the rest run its bundle.
    const res = await dakiyaBin("workspace", "create", "--name", "Acme Retail", "--plan", "starter", "--json");
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(Object.keys(out).sort()).toEqual(["console", "live_key", "plan", "test_key", "workspace_id"]);
    expect(out.plan).toBe("starter");
    expect(out.workspace_id).toMatch(/^ws_/);
    expect(out.test_key).toMatch(/^dk_test_[0-9A-Za-z]{32}$/);
    expect(out.live_key).toMatch(/^dk_live_[0-9A-Za-z]{32}$/);
    expect(Object.keys(out.console).sort()).toEqual(["email", "password"]);

    const key = await dakiya("key", "create", "--workspace", out.workspace_id, "--kind", "live", "--json");
    expect(key.code).toBe(0);
    const created = JSON.parse(key.stdout);
    expect(created.key).toMatch(/^dk_live_/);

    const revoke = await dakiya("key", "revoke", created.prefix, "--workspace", out.workspace_id, "--json");
    expect(revoke.code).toBe(0);
    expect(JSON.parse(revoke.stdout)).toMatchObject({ key_id: created.key_id, revoked_at: expect.any(String) });

    const plan = await dakiya("plan", "set", "--workspace", out.workspace_id, "growth");
    expect(plan.code).toBe(0);

    const user = await dakiya("user", "create", "--workspace", out.workspace_id, "--email", "viewer@acme.test", "--json");
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email: "viewer@acme.test", role: "viewer" });
  });

  it("lists every workspace, as JSON and as one line each", async () => {
    const out = await dakiyaJson("workspace", "create", "--name", "Acme Retail", "--plan", "growth", "--json");
    const list = await dakiya("workspace", "list", "--json");
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout) as Array<Record<string, unknown>>;
    expect(listed.find((w) => w.workspace_id === out.workspace_id)).toEqual({
      workspace_id: out.workspace_id,
      name: "Acme Retail",
      plan: "growth",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      members: 1,
      active_keys: 2,
    });
    const human = await dakiya("workspace", "list");
    expect(human.stdout).toMatch(new RegExp(`^${out.workspace_id}  growth\\s+members 1  keys 2  Acme Retail$`, "m"));
  });

  it("prints a command's own usage for --help or -h anywhere after it, without opening the database", async () => {
    const lockedDir = path.join(dir, "help-held");
    fs.writeFileSync(`${lockedDir}.lock`, JSON.stringify({ pid: process.pid, command: "npm run dev" }));
    const help = (...args: string[]) => run(process.execPath, [...DAKIYA, ...args], { env: { ...env, PGLITE_DIR: lockedDir } });
    // Four processes at once: the test is about what each prints, and a loaded machine starts them slowly.
    const [create, policy, workspace, all] = await Promise.all([
      help("workspace", "create", "--help"),
      help("policy", "set", "--workspace", "ws_x", "-h"),
      help("workspace", "--help"),
      help("--help"),
    ]);
    fs.rmSync(`${lockedDir}.lock`);
    expect(create.stdout).toMatch(/^usage: dakiya workspace create --name <n> --plan free\|starter\|growth/);
    expect(create.stdout).toMatch(/Creates a workspace/);
    expect(policy.stdout).toMatch(/^usage: dakiya policy set --workspace <id> --file <policy.json>/);
    expect(workspace.stdout.trim().split("\n")).toEqual([expect.stringMatching(/^usage: dakiya workspace create /), "usage: dakiya workspace list [--json]"]);
    for (const command of ["workspace create", "workspace list", "key revoke", "plan create", "demo outcomes"]) expect(all.stdout).toContain(`dakiya ${command} `);
  });

  it.each([
    [["workspace", "create", "--plan", "free"], /missing --name/],
    [["workspace", "create", "--name", "X", "--plan", "gold"], /Unknown plan "gold"/],
    [["key", "create", "--workspace", "ws_nope", "--kind", "live"], /No workspace ws_nope/],
    [["key", "create", "--workspace", "ws_nope", "--kind", "staging"], /--kind must be one of test, live/],
    [["key", "revoke", "dk_live_zzzz", "--workspace", "ws_nope"], /No key/],
    [["key", "revoke", "key_nope"], /No key/],
    // A prefix alone may name a key of another workspace: it needs --workspace.
    [["key", "revoke", "dk_live_AbCd"], /name the workspace \(--workspace\) or give the key id/],
    [["plan", "set", "--workspace", "ws_nope", "free"], /No workspace/],
    [["frobnicate"], /unknown command/],
    [["workspace", "create", "--bogus"], /^dakiya: unknown option --bogus for "workspace create"; see dakiya workspace create --help\n$/],
    [["workspace", "create", "--name"], /--name needs a value; see dakiya workspace create --help/],
    [["workspace", "list", "everything"], /unexpected argument "everything" for "workspace list"/],
    [["workspace"], /"workspace" needs a command; workspace commands: create, list/],
    [["workspace", "delete"], /unknown command "workspace delete"; workspace commands: create, list/],
    [["frobnicate", "--help"], /unknown command "frobnicate"/],
  ])("refuses %j with one line and exit code 2", async (args, message) => {
    const res = await dakiya(...args);
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(message);
  });

  it.skipIf(!!process.env.DATABASE_URL)("fails at once, naming the holder, when another process has the embedded database open", async () => {
    const lockedDir = path.join(dir, "held");
    const holder = `${lockedDir}.lock`;
    // A live process (this one) holds the lock throughout: a command that waited for it would never exit.
    // What `npm run dev` writes (node --import tsx scripts/serve.ts dev).
    fs.writeFileSync(holder, JSON.stringify({ pid: process.pid, command: `${path.resolve("scripts/serve.ts")} dev`, since: new Date().toISOString() }));
    const res = await run(process.execPath, [...DAKIYA, "workspace", "create", "--name", "X", "--plan", "free"], { env: { ...env, PGLITE_DIR: lockedDir } }).catch((e) => e);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(new RegExp(`in use by npm run dev \\(process ${process.pid}, since .*\\)\\. Stop it \\(Ctrl-C in its terminal\\) and run this again, or set DATABASE_URL`));
    expect(fs.existsSync(path.join(lockedDir, "PG_VERSION"))).toBe(false);
    fs.rmSync(holder);
    // A stale lock (dead pid) is taken over.
    fs.writeFileSync(holder, JSON.stringify({ pid: 2 ** 22 + 12345, command: "old" }));
    const ok = await run(process.execPath, ["--import", "tsx", "prisma/migrate.ts"], { env: { ...env, PGLITE_DIR: lockedDir } });
    expect(ok.stdout).toMatch(/Applied \d+ migration/);
  });
});
