import { describe, expect, it } from "vitest";
import { useApiServer, useProviderSimulator } from "../server";
import { newWorkspace, useWorkspace } from "../helpers";
import { db } from "../../server/db";
import { config } from "../../server/config";
import { createKey, revokeKey } from "../../server/keys";
import { publishPolicy } from "../../server/policy";
import { testEvents } from "../../server/webhooks";
import { advanceClock } from "../../server/clock";
import { encodeDigipin } from "../../server/digipin";
import { addEndpoint } from "../../server/webhooks";
import { linkPage, parts, POINT, REVIEW, tokenOf, verificationId } from "../confirmations";

const sim = useProviderSimulator({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
const { server, api } = useApiServer();
const page = linkPage(server);
const ws = useWorkspace();

const verification = (key: string, address?: string) => verificationId(api, key, address);
/** A point in Mumbai, about 840 km from pincode 560038. */
const MUMBAI = { lat: 19.076, lng: 72.8777 };

describe("POST /confirmations", () => {
  it("makes a link (201) and answers the same pending one again (200), for concurrent requests too", async () => {
    const id = await verification(ws.test_key);
    const [a, b] = await Promise.all([
      api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id, locale: "hi" } }),
      api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(b.body).toEqual(a.body);
    const c = a.body;
    expect(Object.keys(c).sort()).toEqual(["confirmation_id", "created_at", "expires_at", "status", "url", "verification_id"]);
    expect(c.confirmation_id).toMatch(/^cnf_[0-9A-Za-z]{20}$/);
    expect(c).toMatchObject({ verification_id: id, status: "pending" });
    // From configuration only (no DAKIYA_PUBLIC_URL here: this server's port on localhost), never the request's Host.
    expect(c.url.startsWith(`http://localhost:${config().PORT}/c/`)).toBe(true);
    // At least 128 bits: 43 base64url characters are 256.
    expect(tokenOf(c.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(c.expires_at) - Date.parse(c.created_at)).toBe(72 * 3_600_000);
    const again = await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id, expires_in_hours: 5 } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(c);
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body).toEqual(c);
  });

  it.each([
    [{ expires_in_hours: 0 }, "expires_in_hours"],
    [{ expires_in_hours: 169 }, "expires_in_hours"],
    [{ expires_in_hours: "5" }, "expires_in_hours"],
    [{ expires_in_hours: 2.5 }, "expires_in_hours"],
    [{ locale: "fr" }, "locale"],
  ])("refuses %j with 400 invalid_request", async (extra, path) => {
    const res = await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: "ver_test_x", ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});

describe("the buyer's link", () => {
  it("shows the workspace's name and the address parts, and nothing else of the merchant", async () => {
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id, locale: "hi" } })).body;
    const view = await page("view", { token: tokenOf(c.url) });
    expect(view.status).toBe(200);
    expect(Object.keys(view.data).sort()).toEqual(["components", "expires_at", "locale", "map_tile_url", "notice", "status", "suggested_pincodes", "workspace_name"]);
    const { name } = await db().workspace.findUniqueOrThrow({ where: { id: ws.workspace_id } });
    expect(view.data).toMatchObject({ status: "pending", locale: "hi", workspace_name: name });
    expect(view.data.components).toMatchObject({ house: null, street: "100 Feet Road", locality: "Indiranagar", city: "Bengaluru", pincode: "560038" });
    expect(JSON.stringify(view.data)).not.toMatch(/ORD-C1|score|decision/);
  });

  it("confirms once: a new verification at the device point with its DIGIPIN, what changed, and address.confirmed in the test event list", async () => {
    const hook = await addEndpoint(db(), ws.workspace_id, "http://127.0.0.1:9/hook");
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);

    const located = await page("locate", { token, ...POINT, accuracy_m: 12, pincode: "560038" });
    expect(located.data).toMatchObject({ verdict: "used", accuracy_m: 12, cell: { digipin: encodeDigipin(POINT.lat, POINT.lng) } });

    const sent = await page("submit", { token, components: parts({ house: "Flat 12" }), device: { ...POINT, accuracy_m: 12 } });
    expect(sent.status).toBe(200);
    expect(sent.data.view).toMatchObject({ status: "confirmed" });
    // What was just sent goes back to its sender only; the link shows it to no one afterwards.
    expect(sent.data.sent).toEqual({ address: "Flat 12, 100 Feet Road, Indiranagar, Bengaluru, Bengaluru Urban, Karnataka 560038", digipin: encodeDigipin(POINT.lat, POINT.lng) });

    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body;
    const digipin = encodeDigipin(POINT.lat, POINT.lng);
    expect(got).toMatchObject({ status: "confirmed", changed: ["house"], device_location: { ...POINT, accuracy_m: 12, digipin, used: true } });
    expect(got.new_verification_id).toMatch(/^ver_test_/);
    expect(Date.parse(got.confirmed_at)).toBeGreaterThanOrEqual(Date.parse(got.created_at));

    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect(v).toMatchObject({ workspaceId: ws.workspace_id, livemode: false, orderId: "ORD-C1", digipin, location: { ...POINT, precision: "device" } });
    expect((v.components as { house: string }).house).toBe("Flat 12");

    // A test link's event goes to the test event list, never to the workspace's (live) endpoint.
    expect(await db().webhookDelivery.count({ where: { endpointId: hook.webhook_id } })).toBe(0);
    const listed = (await testEvents(db(), ws.workspace_id)).filter((e) => e.id === `evt_${c.confirmation_id.slice(4)}_confirmed`);
    expect(listed).toHaveLength(1);
    const event = listed[0]!.payload as { type: string; data: { confirmation: unknown; verification: unknown } };
    expect(event.type).toBe("address.confirmed");
    expect(event.data.confirmation).toEqual(got);
    expect(event.data.verification).toMatchObject({ verification_id: got.new_verification_id, location: { precision: "device" }, digipin });

    const second = await page("submit", { token, components: parts({ house: "Flat 13" }) });
    expect(second.status).toBe(409);
    expect(second.code).toBe("confirmation_closed");
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body).toEqual(got);
    // A new link may be made once none is pending.
    expect((await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).status).toBe(201);
    await db().webhookEndpoint.delete({ where: { id: hook.webhook_id } });
  });

  it.each([
    ["too coarse (150 m)", { ...POINT, accuracy_m: 150 }, { ...POINT, accuracy_m: 150, digipin: encodeDigipin(POINT.lat, POINT.lng), used: false }],
    ["outside India", { lat: 51.5, lng: -0.12, accuracy_m: 5 }, null],
  ])("does not use a device point that is %s", async (_what, device, kept) => {
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const sent = await page("submit", { token: tokenOf(c.url), components: parts({ landmark: "Near Metro Pillar 120" }), device });
    expect(sent.status).toBe(200);
    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body;
    expect(got).toMatchObject({ status: "confirmed", changed: ["landmark"], device_location: kept });
    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect((v.location as { precision: string } | null)?.precision).not.toBe("device");
  });

  it("drops a test link's event from the test event list when the order's buyer data is erased", async () => {
    const w = await newWorkspace();
    const c = (await api("POST", "/confirmations", { key: w.test_key, body: { verification_id: await verification(w.test_key) } })).body;
    expect((await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 21" }) })).status).toBe(200);
    expect(await testEvents(db(), w.workspace_id)).toHaveLength(1);

    const erased = await api("POST", "/privacy/erasures", { key: w.live_key, body: { order_id: "ORD-C1" } });
    expect(erased.status).toBe(200);
    expect(erased.body.redacted).toMatchObject({ verifications: 2, confirmations: 1, webhook_deliveries: 1 });
    expect(await testEvents(db(), w.workspace_id)).toEqual([]);
  });

  it("costs a live link one unit, verified by the provider", async () => {
    const w = await newWorkspace();
    const id = await verification(w.live_key);
    const c = (await api("POST", "/confirmations", { key: w.live_key, body: { verification_id: id } })).body;
    expect(c.verification_id).toMatch(/^ver_[0-9A-Za-z]{20}$/);
    const before = (await api("GET", "/usage", { key: w.live_key })).body.used;
    const calls = sim.stats().requests;
    expect((await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 4" }) })).status).toBe(200);
    expect((await api("GET", "/usage", { key: w.live_key })).body.used).toBe(before + 1);
    expect(sim.stats().requests).toBe(calls + 1);
    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: w.live_key })).body;
    expect(got.new_verification_id).toMatch(/^ver_[0-9A-Za-z]{20}$/);
  });

  it("expires by the service's clock: the link then shows it and takes nothing, and a new one can be made", async () => {
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id, expires_in_hours: 1 } })).body;
    advanceClock(3_600_000 - 1000);
    expect((await page("view", { token: tokenOf(c.url) })).data.status).toBe("pending");
    advanceClock(1000);
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body.status).toBe("expired");
    expect((await page("view", { token: tokenOf(c.url) })).data.status).toBe("expired");
    const refused = await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 1" }) });
    expect([refused.status, refused.code]).toEqual([409, "confirmation_closed"]);
    const fresh = await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } });
    expect(fresh.status).toBe(201);
    expect(fresh.body.confirmation_id).not.toBe(c.confirmation_id);
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body.status).toBe("expired");
  });

  it("carries the order's payment method and value: a COD HOLD stays HOLD when the buyer changes nothing", async () => {
    const w = await newWorkspace();
    await publishPolicy(db(), w.workspace_id, { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { payment_method: "cod", order_value_above: 2000 }, then: "HOLD" }] }, "test");
    const original = await api("POST", "/addresses/verify", { key: w.test_key, body: { address: REVIEW, order_id: "ORD-COD", payment_method: "cod", order_value: 2500 } });
    expect(original.body).toMatchObject({ decision: "HOLD", payment_method: "cod", order_value: 2500 });
    const c = (await api("POST", "/confirmations", { key: w.test_key, body: { verification_id: original.body.verification_id } })).body;
    expect((await page("submit", { token: tokenOf(c.url), components: parts() })).status).toBe(200);
    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: w.test_key })).body;
    expect(got.changed).toEqual([]);
    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect(v).toMatchObject({ decision: "HOLD", paymentMethod: "cod", orderValue: 2500, orderId: "ORD-COD" });
  });

  it("uses no point farther than 25 km from the written pincode: kept with used false, location_outside_pincode, not SHIP", async () => {
    const w = await newWorkspace();
    const id = await verification(w.live_key);
    const c = (await api("POST", "/confirmations", { key: w.live_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);
    const located = await page("locate", { token, ...MUMBAI, accuracy_m: 10, pincode: "560038" });
    expect(located.data.verdict).toBe("far_from_pincode");
    expect((await page("submit", { token, components: parts({ house: "Flat 12" }), device: { ...MUMBAI, accuracy_m: 10 } })).status).toBe(200);
    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: w.live_key })).body;
    expect(got.device_location).toEqual({ ...MUMBAI, accuracy_m: 10, digipin: encodeDigipin(MUMBAI.lat, MUMBAI.lng), used: false });
    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect(v.reasonCodes).toContain("location_outside_pincode");
    expect(v.decision).not.toBe("SHIP");
    expect((v.location as { precision: string } | null)?.precision).not.toBe("device");
    expect(v.digipin).not.toBe(encodeDigipin(MUMBAI.lat, MUMBAI.lng));
  });

  it("sends a live link's address.confirmed to the workspace's endpoints, and nothing to its test event list", async () => {
    const w = await newWorkspace();
    const hook = await addEndpoint(db(), w.workspace_id, "http://127.0.0.1:9/hook");
    const id = await verification(w.live_key);
    const c = (await api("POST", "/confirmations", { key: w.live_key, body: { verification_id: id } })).body;
    expect((await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 7" }) })).status).toBe(200);
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: hook.webhook_id } });
    expect(deliveries.map((d) => d.eventType)).toEqual(["address.confirmed"]);
    expect(await testEvents(db(), w.workspace_id)).toEqual([]);
  });

  it("rewrites a live link's undelivered address.confirmed when the buyer's data is erased", async () => {
    const w = await newWorkspace();
    const hook = await addEndpoint(db(), w.workspace_id, "http://127.0.0.1:9/hook");
    const id = await verification(w.live_key);
    const c = (await api("POST", "/confirmations", { key: w.live_key, body: { verification_id: id } })).body;
    expect((await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 7" }) })).status).toBe(200);
    const erased = await api("POST", "/privacy/erasures", { key: w.live_key, body: { verification_id: id } });
    expect(erased.body.redacted).toMatchObject({ verifications: 2, confirmations: 1, webhook_deliveries: 1 });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: hook.webhook_id } });
    expect(deliveries).toHaveLength(1);
    expect(JSON.stringify(deliveries[0]!.payload)).not.toContain("Flat 7");
  });

  it("stays valid when the key that made it is revoked: the link belongs to the workspace, which is charged", async () => {
    const w = await newWorkspace();
    const maker = await createKey(db(), w.workspace_id, "live");
    const id = await verification(maker.secret);
    const c = (await api("POST", "/confirmations", { key: maker.secret, body: { verification_id: id } })).body;
    await revokeKey(db(), maker.id);
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: maker.secret })).status).toBe(401);
    const before = (await api("GET", "/usage", { key: w.live_key })).body.used;
    expect((await page("view", { token: tokenOf(c.url) })).data.status).toBe("pending");
    expect((await page("submit", { token: tokenOf(c.url), components: parts({ house: "Flat 9" }) })).status).toBe(200);
    expect((await api("GET", "/usage", { key: w.live_key })).body.used).toBe(before + 1);
    expect((await api("GET", `/confirmations/${c.confirmation_id}`, { key: w.live_key })).body.status).toBe("confirmed");
  });
});
