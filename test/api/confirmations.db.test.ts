import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../server";
import { apiClient, newWorkspace, type Api } from "../helpers";
import { db } from "../../server/db";
import { reloadConfig } from "../../server/config";
import { advanceClock } from "../../server/clock";
import { resetProvider } from "../../server/provider";
import { startSimulator } from "../../server/provider/simulator";
import { encodeDigipin } from "../../server/digipin";
import { addEndpoint } from "../../server/webhooks";
import { linkPage, parts, POINT, tokenOf, verificationId, type LinkPage } from "../confirmations";

let server: Awaited<ReturnType<typeof startApiServer>>;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let api: Api;
let ws: Awaited<ReturnType<typeof newWorkspace>>;
let page: LinkPage;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
  reloadConfig();
  resetProvider();
  server = await startApiServer();
  api = apiClient(server.url);
  page = linkPage(server.origin);
  ws = await newWorkspace();
});
afterAll(async () => {
  await server.close();
  await sim.close();
});

const verification = (key: string, address?: string) => verificationId(api, key, address);

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
    expect(c.url.startsWith(`${server.origin}/c/`)).toBe(true);
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
    expect(Object.keys(view.data).sort()).toEqual(["components", "confirmed", "expires_at", "locale", "map_tile_url", "status", "suggested_pincodes", "workspace_name"]);
    const { name } = await db().workspace.findUniqueOrThrow({ where: { id: ws.workspace_id } });
    expect(view.data).toMatchObject({ status: "pending", locale: "hi", workspace_name: name, confirmed: null });
    expect(view.data.components).toMatchObject({ house: null, street: "100 Feet Road", locality: "Indiranagar", city: "Bengaluru", pincode: "560038" });
    expect(JSON.stringify(view.data)).not.toMatch(/ORD-C1|score|decision/);
  });

  it("confirms once: a new verification at the device point with its DIGIPIN, what changed, and address.confirmed", async () => {
    const hook = await addEndpoint(db(), ws.workspace_id, "http://127.0.0.1:9/hook");
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);

    const located = await page("locate", { token, ...POINT, accuracy_m: 12 });
    expect(located.data).toMatchObject({ verdict: "used", accuracy_m: 12, cell: { digipin: encodeDigipin(POINT.lat, POINT.lng) } });

    const sent = await page("submit", { token, components: parts({ house: "Flat 12" }), device: { ...POINT, accuracy_m: 12 } });
    expect(sent.status).toBe(200);
    expect(sent.data.status).toBe("confirmed");
    expect(sent.data.confirmed.address).toBe("Flat 12, 100 Feet Road, Indiranagar, Bengaluru, Bengaluru Urban, Karnataka 560038");

    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body;
    const digipin = encodeDigipin(POINT.lat, POINT.lng);
    expect(got).toMatchObject({ status: "confirmed", changed: ["house"], device_location: { ...POINT, accuracy_m: 12, digipin } });
    expect(got.new_verification_id).toMatch(/^ver_test_/);
    expect(Date.parse(got.confirmed_at)).toBeGreaterThanOrEqual(Date.parse(got.created_at));

    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect(v).toMatchObject({ workspaceId: ws.workspace_id, livemode: false, orderId: "ORD-C1", digipin, location: { ...POINT, precision: "device" } });
    expect((v.components as { house: string }).house).toBe("Flat 12");

    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: hook.webhook_id } });
    expect(deliveries).toHaveLength(1);
    const event = JSON.parse(deliveries[0]!.payload as string);
    expect(event.type).toBe("address.confirmed");
    expect(event.data.confirmation).toEqual({ ...got, url: event.data.confirmation.url });
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
    ["too coarse (150 m)", { ...POINT, accuracy_m: 150 }],
    ["outside India", { lat: 51.5, lng: -0.12, accuracy_m: 5 }],
  ])("does not use a device point that is %s", async (_what, device) => {
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const sent = await page("submit", { token: tokenOf(c.url), components: parts({ landmark: "Near Metro Pillar 120" }), device });
    expect(sent.status).toBe(200);
    const got = (await api("GET", `/confirmations/${c.confirmation_id}`, { key: ws.test_key })).body;
    expect(got).toMatchObject({ status: "confirmed", changed: ["landmark"], device_location: null });
    const v = await db().verification.findUniqueOrThrow({ where: { id: got.new_verification_id } });
    expect((v.location as { precision: string } | null)?.precision).not.toBe("device");
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
});
