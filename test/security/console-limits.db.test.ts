import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../server/clock";
import { db } from "../../server/db";
import { MAX_MEMBERS_PER_WORKSPACE } from "../../server/members";
import { upsertPlan } from "../../server/workspaces";
import { newWorkspace } from "../helpers";
import { signIn, useServer } from "../server";
import { startServer } from "./server";

/**
 * The console's limits: a member's calls count once whatever the mode header says, the CSV download
 * is rate-limited, a workspace holds at most 50 members, and an invitation's answer says nothing of
 * other workspaces' accounts.
 */
const server = useServer(startServer);
beforeAll(async () => {
  await upsertPlan(db(), { id: "tight_security", includedUnits: 100, batchCap: 100, overagePaisePerUnit: null, testNormalizePerMinute: 3, testPerMinute: 3, livePerMinute: 3 });
});
afterEach(() => setClock(null));

async function call(cookie: string, path: string, opts: { mode?: "test" | "live"; input?: unknown } = {}) {
  const headers: Record<string, string> = { cookie, ...(opts.mode ? { "x-dakiya-mode": opts.mode } : {}) };
  const res =
    opts.input === undefined
      ? await fetch(`${server.origin}/api/trpc/${path}`, { headers })
      : await fetch(`${server.origin}/api/trpc/${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(opts.input) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe("a member's rate limit", () => {
  it("is one count per procedure whatever the mode header: switching modes buys no second allowance", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    const ws = await newWorkspace("tight_security");
    const cookie = await signIn(server.origin, ws);
    for (let i = 0; i < 3; i++) expect((await call(cookie, "console.keys.list", { mode: "test" })).status).toBe(200);
    const live = await call(cookie, "console.keys.list", { mode: "live" });
    expect(live.status).toBe(429);
    expect(live.body.error.data.api.code).toBe("rate_limited");
  });

  it("covers the console's CSV download: 429 with Retry-After past the plan's figure", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    const ws = await newWorkspace("tight_security");
    const cookie = await signIn(server.origin, ws);
    const download = () => fetch(`${server.origin}/batches/bat_AAAAAAAAAAAAAAAAAAAA/download`, { headers: { cookie } });
    for (let i = 0; i < 3; i++) {
      const res = await download();
      expect(res.status).toBe(404);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(2 - i));
    }
    const limited = await download();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("55");
    expect(await limited.text()).toMatch(/rate_limited/);
  });
});

describe("members", () => {
  it(`are at most ${MAX_MEMBERS_PER_WORKSPACE} per workspace: the next invitation is 422 limit_reached`, async () => {
    const ws = await newWorkspace("starter");
    const cookie = await signIn(server.origin, ws);
    // Stored directly (the owner is the first): an invitation hashes a password, 49 of them take long.
    const others = Array.from({ length: MAX_MEMBERS_PER_WORKSPACE - 1 }, (_, i) => ({ id: `usr_cap${ws.workspace_id.slice(3, 12)}${String(i).padStart(3, "0")}`, i }));
    await db().user.createMany({ data: others.map(({ id, i }) => ({ id, email: `m${i}-${ws.workspace_id.toLowerCase()}@example.com`, name: `m${i}`, emailVerified: true })) });
    await db().member.createMany({ data: others.map(({ id }) => ({ workspaceId: ws.workspace_id, userId: id, role: "viewer" as const })) });
    const res = await call(cookie, "console.members.invite", { input: { email: `one-more-${ws.workspace_id.toLowerCase()}@example.com`, role: "viewer" } });
    expect(res.status).toBe(422);
    expect(res.body.error.data.api.code).toBe("limit_reached");
    expect(await db().member.count({ where: { workspaceId: ws.workspace_id } })).toBe(MAX_MEMBERS_PER_WORKSPACE);
  });

  it("an invitation of another workspace's member says nothing of that account", async () => {
    const ws = await newWorkspace("starter");
    const other = await newWorkspace("starter");
    const cookie = await signIn(server.origin, ws);
    const res = await call(cookie, "console.members.invite", { input: { email: other.console.email, role: "viewer" } });
    expect(res.status).toBe(400);
    expect(res.body.error.data.api.code).toBe("invalid_request");
    expect(res.body.error.message).toBe(`${other.console.email} cannot be invited. Ask for another email address.`);
    expect(res.body.error.message).not.toMatch(/exist|account|user|workspace|member/i);
    // One's own workspace is one's own business.
    const own = await call(cookie, "console.members.invite", { input: { email: ws.console.email, role: "viewer" } });
    expect(own.body.error.message).toBe(`${ws.console.email} is already a member of this workspace.`);
  });
});
