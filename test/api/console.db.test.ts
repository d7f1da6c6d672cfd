import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { createCallerFactory, type Context } from "../../server/api/trpc";
import { SIGN_IN_LIMIT } from "../../server/auth";
import { unfinishedBatches } from "../../server/batches";
import { createConsoleContext } from "../../server/http/console-context";
import { db } from "../../server/db";
import { authenticate } from "../../server/keys";
import { createMember } from "../../server/members";
import { startSimulator } from "../../server/provider/simulator";
import { AUTH_ORIGIN as ORIGIN, authPost } from "../auth";
import { newWorkspace, sessionCookie, useProvider } from "../helpers";

const createCaller = createCallerFactory(appRouter);

let acme: Awaited<ReturnType<typeof newWorkspace>>;
let other: Awaited<ReturnType<typeof newWorkspace>>;
let viewer: { email: string; password: string };
let sim: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  // Batches created here run in the background against a simulator.
  sim = await startSimulator({ port: 0 });
  useProvider(sim.url, { BETTER_AUTH_URL: ORIGIN });
  acme = await newWorkspace("starter");
  other = await newWorkspace("starter");
  viewer = await createMember(db(), { workspaceId: acme.workspace_id, email: `viewer-${acme.workspace_id}@example.com`, role: "viewer" });
});
afterAll(async () => {
  // Let the batches queued here finish before the database goes away.
  for (let i = 0; i < 200 && (await unfinishedBatches(db())).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  await sim.close();
});

/** A sign-in through better-auth's HTTP handler, from one client address (as the HTTP mount passes it on). */
function signIn(email: string, password: string, ip: string): Promise<Response> {
  return authPost("/sign-in/email", { email, password }, { socket: ip });
}

/** The console's tRPC caller for a signed-in account, built from its session cookie like the endpoint does. */
async function consoleAs(email: string, password: string, ip: string, mode?: "test" | "live") {
  const res = await signIn(email, password, ip);
  expect(res.status).toBe(200);
  const cookie = sessionCookie(res);
  const headers = new Headers({ cookie, ...(mode ? { "x-dakiya-mode": mode } : {}) });
  const ctx = await createConsoleContext({ headers, requestId: "req_test", origin: ORIGIN });
  return { ctx, api: createCaller(ctx) };
}

describe("console sign-in", () => {
  it("signs in the owner that workspace create printed, and maps the session to that workspace", async () => {
    const { ctx, api } = await consoleAs(acme.console.email, acme.console.password, "10.0.0.1");
    expect(ctx.caller).toMatchObject({ keyId: null, kind: "live", livemode: true, workspaceId: acme.workspace_id, plan: { id: "starter" } });
    expect(ctx.member?.role).toBe("owner");
    const workspace = await db().workspace.findUniqueOrThrow({ where: { id: acme.workspace_id } });
    expect(await api.console.me()).toMatchObject({ email: acme.console.email, role: "owner", workspace: { id: acme.workspace_id, name: workspace.name } });
  });

  it("refuses a wrong password with 401 and no session", async () => {
    const res = await signIn(acme.console.email, "wrong-password", "10.0.0.2");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("slows repeated attempts down: past the limit a client gets 429 until the window ends", async () => {
    // Other accounts each time: one account's own limit is server/auth's test.
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await signIn(`nobody-${i}@example.com`, "wrong", "10.0.0.3")).status).toBe(401);
    const limited = await signIn(acme.console.email, acme.console.password, "10.0.0.3");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await signIn(acme.console.email, acme.console.password, "10.0.0.4")).status).toBe(200);
  });

  it("has no sign-up: accounts come from the CLI and invitations", async () => {
    const res = await authPost("/sign-up/email", { email: "stranger@example.com", password: "a-long-password-1", name: "Stranger" }, { socket: "10.0.0.5" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await db().user.findUnique({ where: { email: "stranger@example.com" } })).toBeNull();
  });

  it("without a session the console context refuses with unauthenticated", async () => {
    await expect(createConsoleContext({ headers: new Headers(), requestId: "req_x", origin: ORIGIN })).rejects.toMatchObject({ code: "unauthenticated" });
  });
});

describe("console roles and scope", () => {
  it("lets a viewer read but not create keys, batches or webhooks, report outcomes or verify live", async () => {
    const { api } = await consoleAs(viewer.email, viewer.password, "10.0.1.1");
    expect((await api.console.keys.list()).map((k) => k.kind).sort()).toEqual(["live", "test"]);
    expect(await api.usage.get()).toMatchObject({ plan: "starter" });
    const refusals = [
      api.console.keys.create({ kind: "live" }),
      api.console.keys.revoke({ key_id: acme.live_key.slice(0, 12) }),
      api.addresses.verifyBatch({ addresses: [{ address: "12 MG Road, Bengaluru 560001" }] }),
      api.console.webhooks.add({ url: "https://example.com/hook" }),
      api.console.members.invite({ email: "x@example.com", role: "viewer" }),
      api.outcomes.report({ order_id: "X", outcome: "delivered" }),
      api.addresses.verify({ address: "12 MG Road, Bengaluru 560001" }),
    ];
    for (const r of await Promise.allSettled(refusals)) {
      expect(r.status).toBe("rejected");
      expect((r as PromiseRejectedResult).reason.cause).toMatchObject({ code: "forbidden" });
    }
  });

  it("lets a viewer verify in test mode, which is free", async () => {
    const { api } = await consoleAs(viewer.email, viewer.password, "10.0.1.2", "test");
    const v = await api.addresses.verify({ address: "12 Park Street, Kolkata, Tamil Nadu 700016", order_id: "T-1" });
    expect(v).toMatchObject({ livemode: false, decision: "HOLD" });
    expect(v.verification_id).toMatch(/^ver_test_/);
  });

  it("lets an owner manage keys, and an admin not invite owners", async () => {
    const { api } = await consoleAs(acme.console.email, acme.console.password, "10.0.1.3");
    const key = await api.console.keys.create({ kind: "test", name: "CI" });
    expect(key.secret).toMatch(/^dk_test_/);
    expect((await api.console.keys.list()).find((k) => k.id === key.id)).toMatchObject({ prefix: key.prefix, last4: key.last4, name: "CI", revokedAt: null });
    expect(JSON.stringify(await api.console.keys.list())).not.toContain(key.secret);
    await api.console.keys.revoke({ key_id: key.id });
    expect((await api.console.keys.list()).find((k) => k.id === key.id)?.revokedAt).not.toBeNull();

    const admin = await api.console.members.invite({ email: `admin-${acme.workspace_id}@example.com`, role: "admin" });
    const asAdmin = await consoleAs(admin.email, admin.password, "10.0.1.4");
    await expect(asAdmin.api.console.members.invite({ email: "boss@example.com", role: "owner" })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    const ownerId = (await api.console.members.list()).find((m) => m.role === "owner")!.userId;
    await expect(asAdmin.api.console.members.remove({ user_id: ownerId })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    await expect(api.console.members.remove({ user_id: ownerId })).rejects.toMatchObject({ cause: { code: "invalid_request" } });
    await api.console.members.remove({ user_id: admin.userId });
    expect(await db().user.findUnique({ where: { id: admin.userId } })).toBeNull();
  });

  it("never shows or changes another workspace's data", async () => {
    const mine = await consoleAs(acme.console.email, acme.console.password, "10.0.2.1");
    const theirs = await consoleAs(other.console.email, other.console.password, "10.0.2.2");
    const { batch_id } = await mine.api.addresses.verifyBatch({ addresses: [{ address: "12 MG Road, Bengaluru 560001", order_id: "SCOPE-1" }] });
    const hook = await mine.api.console.webhooks.add({ url: "https://example.com/acme" });
    // Disabled: the batch's completion must not be sent anywhere.
    await mine.api.console.webhooks.setEnabled({ webhook_id: hook.webhook_id, enabled: false });

    expect((await theirs.api.console.batches({ limit: 50 })).map((b) => b.batch_id)).not.toContain(batch_id);
    await expect(theirs.api.batches.get({ batch_id })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
    await expect(theirs.api.batches.cancel({ batch_id })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
    expect(await theirs.api.console.findVerifications({ query: "SCOPE-1" })).toEqual([]);
    expect(await theirs.api.console.webhooks.list()).toEqual([]);
    await expect(theirs.api.console.webhooks.rotateSecret({ webhook_id: hook.webhook_id })).rejects.toMatchObject({ cause: { code: "not_found" } });
    await expect(theirs.api.console.keys.revoke({ key_id: acme.live_key.slice(0, 12) })).rejects.toMatchObject({ cause: { code: "not_found" } });
    expect((await theirs.api.console.members.list()).map((m) => m.email)).toEqual([other.console.email]);
  });
});

describe("REST is unchanged by the console", () => {
  it("a key holder has no role, so write procedures pass for keys", async () => {
    const ctx: Context = { db: db(), requestId: "req_rest", caller: await authenticate(db(), `Bearer ${acme.live_key}`), member: null, origin: ORIGIN, response: { headers: {} } };
    const res = await createCaller(ctx).addresses.verifyBatch({ addresses: [{ address: "12 MG Road, Bengaluru 560001" }] });
    expect(res.status).toBe("queued");
    expect(ctx.response.headers["RateLimit-Limit"]).toBe("600");
  });
});
