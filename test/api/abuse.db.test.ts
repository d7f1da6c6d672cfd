import { afterEach, describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { newWorkspace, setUsedTenths } from "../helpers";
import { appRouter } from "../../server/api/root";
import { toApiError } from "../../server/api/errors";
import { createCallerFactory, type Context } from "../../server/api/trpc";
import { setClock } from "../../server/clock";
import { db } from "../../server/db";
import { MAX_ACTIVE_KEYS_PER_WORKSPACE } from "../../server/keys";
import { createMember, type MemberRole } from "../../server/members";
import { upsertPlan } from "../../server/workspaces";

const createCaller = createCallerFactory(appRouter);
const { api } = useApiServer();
afterEach(() => setClock(null));

/** The console's tRPC caller for a member, as the console endpoint builds it from a session. */
async function consoleAs(ws: Awaited<ReturnType<typeof newWorkspace>>, role: MemberRole, mode: "test" | "live" = "live") {
  const m = await createMember(db(), { workspaceId: ws.workspace_id, email: `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`, role });
  const w = await db().workspace.findUniqueOrThrow({ where: { id: ws.workspace_id }, include: { plan: true } });
  const { plan } = w;
  const ctx: Context = {
    db: db(),
    requestId: "req_test",
    caller: {
      keyId: null,
      kind: mode,
      livemode: mode === "live",
      workspaceId: ws.workspace_id,
      plan: {
        id: plan.id,
        includedTenths: plan.includedTenths,
        batchCap: plan.batchCap,
        overagePaisePerUnit: plan.overagePaisePerUnit,
        testNormalizePerMinute: plan.testNormalizePerMinute,
        testPerMinute: plan.testPerMinute,
        livePerMinute: plan.livePerMinute,
      },
    },
    member: { userId: m.userId, email: m.email, name: m.email, role, workspaceName: w.name },
    origin: "http://localhost:3000",
    response: { headers: {} },
  };
  return { ctx, api: createCaller(ctx) };
}

/** What the console's client would see: the contract's status and code. */
async function refusal(call: Promise<unknown>) {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  const { status, code, headers } = toApiError(err);
  return { status, code, headers };
}

describe("console calls are rate-limited per member and procedure, like a key's", () => {
  it("counts a viewer's test-mode calls and answers 429 past the plan's figure", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    const ws = await newWorkspace("free"); // test normalize: 5 a minute
    const viewer = await consoleAs(ws, "viewer", "test");
    const address = { address: "#12, 3rd Cross, Indiranagar, Bangalore 560038" };
    for (let i = 0; i < 5; i++) await viewer.api.addresses.normalize(address);
    expect(viewer.ctx.response.headers).toMatchObject({ "RateLimit-Limit": "5", "RateLimit-Remaining": "0" });
    expect(await refusal(viewer.api.addresses.normalize(address))).toMatchObject({ status: 429, code: "rate_limited", headers: { "Retry-After": "55" } });

    // Another member, and another procedure, have their own counts.
    const other = await consoleAs(ws, "viewer", "test");
    await expect(other.api.addresses.normalize(address)).resolves.toMatchObject({ normalized: expect.any(String) });
    await expect(viewer.api.usage.get()).resolves.toMatchObject({ plan: "free" });
  });

  it("limits console-only procedures too", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    await upsertPlan(db(), { id: "tight_console", includedUnits: 100, batchCap: 100, overagePaisePerUnit: null, testNormalizePerMinute: 1, testPerMinute: 2, livePerMinute: 3 });
    const ws = await newWorkspace("tight_console");
    const owner = await consoleAs(ws, "owner");
    for (let i = 0; i < 3; i++) await owner.api.console.keys.list();
    expect(await refusal(owner.api.console.keys.list())).toMatchObject({ status: 429, code: "rate_limited" });
    await expect(owner.api.console.webhooks.list()).resolves.toEqual([]);
  });
});

describe("caps through the console", () => {
  it(`refuses the key beyond ${MAX_ACTIVE_KEYS_PER_WORKSPACE} active ones with 422 limit_reached`, async () => {
    const ws = await newWorkspace("starter");
    const owner = await consoleAs(ws, "owner");
    for (let i = 2; i < MAX_ACTIVE_KEYS_PER_WORKSPACE; i++) await owner.api.console.keys.create({ kind: "test" });
    expect(await refusal(owner.api.console.keys.create({ kind: "live" }))).toMatchObject({ status: 422, code: "limit_reached" });
    expect(await db().apiKey.count({ where: { workspaceId: ws.workspace_id, revokedAt: null } })).toBe(MAX_ACTIVE_KEYS_PER_WORKSPACE);
  });

  it.each(["http://127.0.0.1:5432/", "https://10.0.0.5/", "https://2130706433/", "https://[::ffff:192.168.0.1]/"])(
    "refuses the webhook destination %s with 400 invalid_request",
    async (url) => {
      const ws = await newWorkspace("starter");
      const owner = await consoleAs(ws, "owner");
      expect(await refusal(owner.api.console.webhooks.add({ url }))).toMatchObject({ status: 400, code: "invalid_request" });
      expect(await owner.api.console.webhooks.list()).toEqual([]);
    },
  );
});

describe("a batch a no-overage plan cannot pay for", () => {
  it("is refused up front with 429 quota_exhausted and nothing is stored", async () => {
    const ws = await newWorkspace("free");
    await setUsedTenths(ws.workspace_id, 995); // half a unit left; a row costs one
    const res = await api("POST", "/addresses/verify/batch", { key: ws.live_key, body: { addresses: [{ address: "12 MG Road, Bengaluru 560001" }], idempotency_key: "once" } });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("quota_exhausted");
    expect(await db().batch.count({ where: { workspaceId: ws.workspace_id } })).toBe(0);
    expect(await db().idempotencyKey.count({ where: { workspaceId: ws.workspace_id } })).toBe(0);
  });
});
