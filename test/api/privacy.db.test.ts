import { describe, expect, it } from "vitest";
import { useApiServer, useProviderSimulator } from "../server";
import { newWorkspace, useWorkspace } from "../helpers";
import { seedBatch } from "../batch-results";
import { linkPage, parts, POINT, tokenOf } from "../confirmations";
import { appRouter } from "../../server/api/root";
import { createCallerFactory } from "../../server/api/trpc";
import { db } from "../../server/db";
import { authenticate } from "../../server/keys";
import type { MemberRole } from "../../server/members";
import { addEndpoint } from "../../server/webhooks";

/**
 * Buyers' personal data over REST and the console's procedures (docs/privacy.md): the retention
 * setting, erasure by order id with everything that repeated the order's data, who may ask, and
 * answers that reveal nothing of other workspaces.
 */
// The webhook endpoint below answers nothing: its deliveries stay undelivered, waiting for a retry.
useProviderSimulator({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
const { server, api } = useApiServer();
const page = linkPage(server);
const ws = useWorkspace();
const other = useWorkspace();

const createCaller = createCallerFactory(appRouter);
/** The console's procedures as a member of `role` would call them (live mode unless said). */
async function consoleAs(workspace: { workspace_id: string; live_key: string }, role: MemberRole, mode: "live" | "test" = "live") {
  const keyCaller = await authenticate(db(), `Bearer ${workspace.live_key}`);
  return createCaller({
    db: db(),
    requestId: "req_test",
    caller: { ...keyCaller, keyId: null, kind: mode, livemode: mode === "live" },
    member: { userId: `usr_${role}_${workspace.workspace_id}`, email: `${role}@example.in`, name: role, role, workspaceName: "Test" },
    origin: server.origin,
    response: { headers: {} },
  });
}

async function verifyLive(key: string, address: string, orderId: string): Promise<string> {
  const res = await api("POST", "/addresses/verify", { key, body: { address, order_id: orderId, payment_method: "cod", order_value: 999 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.verification_id;
}

describe("GET/PUT /privacy/settings", () => {
  it("keeps 180 days unless changed; a live key changes it, and either key reads it", async () => {
    expect((await api("GET", "/privacy/settings", { key: ws.test_key })).body).toEqual({ retention_days: 180 });
    const put = await api("PUT", "/privacy/settings", { key: ws.live_key, body: { retention_days: 90 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ retention_days: 90 });
    expect((await api("GET", "/privacy/settings", { key: ws.live_key })).body).toEqual({ retention_days: 90 });
    // Another workspace's setting is its own.
    expect((await api("GET", "/privacy/settings", { key: other.live_key })).body).toEqual({ retention_days: 180 });
  });

  it.each([29, 731, 90.5, "90", null])("refuses retention_days %j with 400 naming the field", async (days) => {
    const res = await api("PUT", "/privacy/settings", { key: ws.live_key, body: { retention_days: days } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details[0].path).toBe("retention_days");
  });

  it("refuses a test key (403 live_key_required) and, in the console, anyone but an owner", async () => {
    const res = await api("PUT", "/privacy/settings", { key: ws.test_key, body: { retention_days: 60 } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("live_key_required");
    for (const role of ["admin", "viewer"] as const) {
      await expect((await consoleAs(ws, role)).privacy.updateSettings({ retention_days: 60 })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    }
    // An owner may, in either console mode: the setting is the workspace's, not a mode's.
    expect(await (await consoleAs(ws, "owner", "test")).privacy.updateSettings({ retention_days: 60 })).toEqual({ retention_days: 60 });
    expect((await api("GET", "/privacy/settings", { key: ws.live_key })).body).toEqual({ retention_days: 60 });
  });
});

describe("POST /privacy/erasures", () => {
  const ADDRESS = "Flat 4B, Lotus Residency, 12 Museum Road, Shanthala Nagar, Bengaluru 560001";

  it("redacts the order everywhere, forgets its address's history, and leaves every figure as it was", async () => {
    const a = await newWorkspace();
    const first = await verifyLive(a.live_key, ADDRESS, "ORD-ERASE-1");
    await verifyLive(a.live_key, ADDRESS, "ORD-ERASE-1");
    // Another order at the same address came back: that is the address's history.
    const neighbour = await verifyLive(a.live_key, ADDRESS, "ORD-KEEP-2");
    expect((await api("POST", "/outcomes", { key: a.live_key, body: { verification_id: neighbour, outcome: "rto", courier: "Delhivery" } })).status).toBe(200);
    expect((await api("POST", "/outcomes", { key: a.live_key, body: { verification_id: first, outcome: "delivered", courier: "Delhivery" } })).status).toBe(200);
    // The buyer confirmed the first one from a link, with the phone's point; the webhook has not been delivered.
    await addEndpoint(db(), a.workspace_id, "http://127.0.0.1:9/hook");
    const link = await api("POST", "/confirmations", { key: a.live_key, body: { verification_id: first } });
    const submitted = await page("submit", { token: tokenOf(link.body.url), components: parts({ house: "Flat 4B", building: "Lotus Residency" }), device: { ...POINT, accuracy_m: 12 } });
    expect(submitted.data?.view?.status).toBe("confirmed");
    const batchId = await seedBatch(a.workspace_id, [
      { order_id: "ORD-ERASE-1", address: ADDRESS },
      { order_id: "ORD-ERASE-1", address: ADDRESS, status: "failed", error_code: "provider_error" },
      { order_id: "ORD-KEEP-3" },
    ]);

    const analytics = await api("GET", "/analytics/outcomes", { key: a.live_key });
    const usage = await api("GET", "/usage", { key: a.live_key });

    const res = await api("POST", "/privacy/erasures", { key: a.live_key, body: { order_id: "ORD-ERASE-1" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ erasure_id: expect.stringMatching(/^era_/), requested_at: expect.any(String) });
    // Two verifications of the order, the one the buyer's confirmation made and the batch row's; its confirmation; both batch rows; the undelivered event.
    expect(res.body.redacted).toEqual({ verifications: 4, confirmations: 1, batch_rows: 2, webhook_deliveries: 1 });

    expect((await api("GET", "/analytics/outcomes", { key: a.live_key })).body).toEqual(analytics.body);
    expect((await api("GET", "/usage", { key: a.live_key })).body).toEqual(usage.body);

    // Nothing answers with the order or its address any more.
    const owner = await consoleAs(a, "owner");
    expect(await owner.console.findVerifications({ query: "ORD-ERASE-1" })).toEqual([]);
    const [shown] = await owner.console.findVerifications({ query: first });
    expect(shown).toMatchObject({ verification_id: first, order_id: null, address: "[redacted]", normalized: "[redacted]", location: null, digipin: null, outcome: "delivered" });
    expect(shown!.components).toMatchObject({ house: null, building: null, street: null, locality: null, city: null, pincode: "560001", state: "Karnataka" });
    const byOrder = await api("POST", "/outcomes", { key: a.live_key, body: { order_id: "ORD-ERASE-1", outcome: "delivered" } });
    expect(byOrder.body.error.code).toBe("verification_not_found");
    const confirmation = await api("GET", `/confirmations/${link.body.confirmation_id}`, { key: a.live_key });
    expect(confirmation.body).toMatchObject({ status: "confirmed", device_location: null, notice_version: 1 });
    const csv = await fetch(`${server.url}/batches/${batchId}/download`, { headers: { authorization: `Bearer ${a.live_key}` } }).then((r) => r.text());
    const log = await owner.console.webhooks.deliveries({ limit: 50 });
    const stored = JSON.stringify([
      await db().verification.findMany({ where: { workspaceId: a.workspace_id, id: { not: neighbour } } }),
      await db().confirmation.findMany({ where: { workspaceId: a.workspace_id } }),
      await db().webhookDelivery.findMany({ where: { endpoint: { workspaceId: a.workspace_id } } }),
      await db().batchRow.findMany({ where: { batchId, orderId: { not: "ORD-KEEP-3" } } }),
    ]);
    for (const text of [csv, stored, JSON.stringify(log)]) {
      expect(text).not.toContain("ORD-ERASE-1");
      expect(text.toLowerCase()).not.toContain("lotus");
      expect(text.toLowerCase()).not.toContain("museum");
      expect(text).not.toContain(String(POINT.lat));
    }
    expect(csv).toContain("ORD-KEEP-3");

    // A later order to the same address starts with no history: the returned parcel is forgotten.
    const later = await api("POST", "/addresses/verify", { key: a.live_key, body: { address: ADDRESS, order_id: "ORD-LATER-4" } });
    expect(later.body.history).toEqual({ delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 });
    // The other order keeps its address (it was not asked to be erased) and its outcome.
    const [kept] = await owner.console.findVerifications({ query: "ORD-KEEP-2" });
    expect(kept).toMatchObject({ address: ADDRESS, outcome: "rto" });

    // Asking again is harmless: nothing is left to redact.
    const again = await api("POST", "/privacy/erasures", { key: a.live_key, body: { order_id: "ORD-ERASE-1" } });
    expect(again.body.redacted).toEqual({ verifications: 0, confirmations: 0, batch_rows: 0, webhook_deliveries: 0 });
  });

  it("erases one verification by id; an owner or admin may in the console, a viewer may not", async () => {
    const b = await newWorkspace();
    const id = await verifyLive(b.live_key, ADDRESS, "ORD-B1");
    await expect((await consoleAs(b, "viewer")).privacy.erase({ verification_id: id })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    const erased = await (await consoleAs(b, "admin")).privacy.erase({ verification_id: id });
    expect(erased.redacted.verifications).toBe(1);
    const list = await api("GET", "/privacy/erasures", { key: b.live_key });
    expect(list.body.erasures).toEqual([
      {
        erasure_id: erased.erasure_id,
        subject: "verification_id",
        verification_id: id,
        redacted: erased.redacted,
        requested_at: erased.requested_at,
        requested_by: { key_id: null, member: "admin@example.in" },
      },
    ]);
  });

  it("answers zeros, never an error, for an unknown order, an unknown id and another workspace's", async () => {
    const c = await newWorkspace();
    const theirs = await verifyLive(other.live_key, ADDRESS, "ORD-THEIRS");
    for (const body of [
      { order_id: "ORD-NEVER" },
      { verification_id: "ver_00000000000000000000" },
      { verification_id: "not an id" },
      { verification_id: theirs },
      { order_id: "ORD-THEIRS" },
    ]) {
      const res = await api("POST", "/privacy/erasures", { key: c.live_key, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.redacted).toEqual({ verifications: 0, confirmations: 0, batch_rows: 0, webhook_deliveries: 0 });
    }
    const [still] = await (await consoleAs(other, "viewer")).console.findVerifications({ query: theirs });
    expect(still).toMatchObject({ order_id: "ORD-THEIRS", address: ADDRESS });
  });

  it.each([
    ["neither id", {}],
    ["both ids", { order_id: "ORD-1", verification_id: "ver_00000000000000000000" }],
    ["an empty order id", { order_id: "" }],
    ["a number", { order_id: 42 }],
    ["an unknown field only", { customer: "x" }],
  ])("refuses %s with 400 invalid_request", async (_name, body) => {
    const res = await api("POST", "/privacy/erasures", { key: ws.live_key, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("refuses a test key with 403 live_key_required, and asks for a key at all", async () => {
    const res = await api("POST", "/privacy/erasures", { key: ws.test_key, body: { order_id: "ORD-1" } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("live_key_required");
    expect((await api("POST", "/privacy/erasures", { body: { order_id: "ORD-1" } })).status).toBe(401);
    expect((await api("GET", "/privacy/erasures", { key: ws.test_key })).body.error.code).toBe("live_key_required");
  });
});

describe("GET /privacy/erasures", () => {
  it("lists requests newest first a page at a time, without the erased order ids", async () => {
    const d = await newWorkspace();
    for (let i = 0; i < 5; i++) expect((await api("POST", "/privacy/erasures", { key: d.live_key, body: { order_id: `ORD-SECRET-${i}` } })).status).toBe(200);
    const first = await api("GET", "/privacy/erasures?limit=2", { key: d.live_key });
    expect(first.body.erasures).toHaveLength(2);
    const second = await api("GET", `/privacy/erasures?limit=2&cursor=${first.body.next_cursor}`, { key: d.live_key });
    const third = await api("GET", `/privacy/erasures?limit=2&cursor=${second.body.next_cursor}`, { key: d.live_key });
    expect(third.body).toMatchObject({ next_cursor: null });
    const ids = [...first.body.erasures, ...second.body.erasures, ...third.body.erasures].map((e: { erasure_id: string }) => e.erasure_id);
    expect(new Set(ids).size).toBe(5);
    expect(JSON.stringify([first.body, second.body, third.body])).not.toContain("SECRET");
    expect(first.body.erasures[0]).toMatchObject({ subject: "order_id", verification_id: null, requested_by: { key_id: expect.stringMatching(/^key_/), member: null } });
    // Another workspace's list is its own; a cursor from it is no page of this one.
    expect((await api("GET", "/privacy/erasures", { key: other.live_key })).body.erasures.map((e: { erasure_id: string }) => e.erasure_id)).not.toContain(ids[0]);
    expect((await api("GET", `/privacy/erasures?cursor=${ids[0]}`, { key: other.live_key })).status).toBe(400);
  });

  it.each(["0", "101", "abc", "2.5"])("refuses limit=%s with 400", async (limit) => {
    const res = await api("GET", `/privacy/erasures?limit=${limit}`, { key: ws.live_key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});
