import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { newWorkspace, useWorkspace } from "../helpers";
import { db } from "../../server/db";
import { advanceClock, nowMs, setClock } from "../../server/clock";
import { config, reloadConfig } from "../../server/config";
import { testEvents } from "../../server/webhooks";
import { LINK_LIMITS } from "../../server/confirmations";
import { HOLD_NO_PINCODE, linkPage, parts, tokenOf, verificationId } from "../confirmations";

// Confirmation links and what keeps them to their own workspace, kind and buyer (test-key verifications only: no provider).
const { server, api } = useApiServer();
const page = linkPage(server);
const ws = useWorkspace();
afterAll(() => setClock(null));

/** Pins the clock 5 s into the next minute, so a per-minute count starts afresh and no window ends mid-test. */
function freshMinute() {
  setClock(new Date(Math.floor(nowMs() / 60_000) * 60_000 + 65_000));
}

const verification = (key: string, address?: string) => verificationId(api, key, address);

/** A request with a Host header of the client's choosing (fetch would not send one). */
function hostRequest(method: string, path: string, host: string, key: string, body?: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { host, authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe("confirmation links", () => {
  it("stores the token only as its SHA-256", async () => {
    const id = await verification(ws.test_key, HOLD_NO_PINCODE);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const row = await db().confirmation.findUniqueOrThrow({ where: { id: c.confirmation_id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(tokenOf(c.url)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokenOf(c.url));
  });

  it("takes a key of the verification's kind only, and another workspace's ids are 404", async () => {
    const testVer = await verification(ws.test_key);
    const other = await newWorkspace();
    const live = await api("POST", "/confirmations", { key: ws.live_key, body: { verification_id: testVer } });
    expect(live.status).toBe(404);
    expect(live.body.error.code).toBe("verification_not_found");
    const foreign = await api("POST", "/confirmations", { key: other.test_key, body: { verification_id: testVer } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("verification_not_found");

    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: testVer } })).body;
    for (const key of [ws.live_key, other.test_key, other.live_key]) {
      const res = await api("GET", `/confirmations/${c.confirmation_id}`, { key });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "confirmation_not_found" });
    }
    expect((await api("GET", "/confirmations/cnf_nothing", { key: ws.test_key })).body.error.code).toBe("confirmation_not_found");
  });

  it("limits submissions per link", async () => {
    freshMinute();
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);
    expect((await page("submit", { token, components: parts() })).status).toBe(200);
    for (let i = 1; i < LINK_LIMITS.submitsPerMinute; i++) expect((await page("submit", { token, components: parts() })).code).toBe("confirmation_closed");
    const limited = await page("submit", { token, components: parts() });
    expect([limited.status, limited.code]).toEqual([429, "rate_limited"]);
  });

  it("limits views per link", async () => {
    freshMinute();
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);
    for (let i = 0; i < LINK_LIMITS.viewsPerMinute; i++) expect((await page("view", { token })).status).toBe(200);
    const limited = await page("view", { token });
    expect([limited.status, limited.code]).toEqual([429, "rate_limited"]);
    // Another link is not affected.
    const other = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: await verification(ws.test_key) } })).body;
    expect((await page("view", { token: tokenOf(other.url) })).status).toBe(200);
  });

  it("shows neither the address nor the buyer's point once confirmed or expired, on the link's procedures", async () => {
    freshMinute();
    const confirmedId = await verification(ws.test_key);
    const confirmed = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: confirmedId } })).body;
    const point = { lat: 12.97838, lng: 77.64079, accuracy_m: 9 };
    expect((await page("submit", { token: tokenOf(confirmed.url), components: parts({ house: "Flat 12" }), device: point })).status).toBe(200);
    const expiring = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: await verification(ws.test_key), expires_in_hours: 1 } })).body;
    advanceClock(3_600_000);
    for (const [c, status] of [
      [confirmed, "confirmed"],
      [expiring, "expired"],
    ] as const) {
      const view = await page("view", { token: tokenOf(c.url) });
      expect(view.status).toBe(200);
      expect(Object.keys(view.data).sort()).toEqual(["locale", "status", "workspace_name"]);
      expect(view.data.status).toBe(status);
      expect(JSON.stringify(view.data)).not.toMatch(/Indiranagar|100 Feet Road|560038|Flat 12|12\.97/);
      const located = await page("locate", { token: tokenOf(c.url), ...point });
      expect([located.status, located.code]).toEqual([409, "confirmation_closed"]);
    }
  });

  it("builds link URLs from configuration only, never the request's Host, so no webhook payload carries it", async () => {
    const id = await verification(ws.test_key);
    const forged = await hostRequest("POST", "/api/v1/confirmations", "attacker.example", ws.test_key, { verification_id: id });
    expect(forged.status).toBe(201);
    expect(forged.body.url).not.toContain("attacker.example");
    expect(forged.body.url.startsWith(`http://localhost:${config().PORT}/c/`)).toBe(true);
    Object.assign(process.env, { DAKIYA_PUBLIC_URL: "https://dakiya.example/" });
    reloadConfig();
    try {
      const again = await hostRequest("GET", `/api/v1/confirmations/${forged.body.confirmation_id}`, "attacker.example", ws.test_key);
      expect(again.body.url).toBe(`https://dakiya.example/c/${tokenOf(forged.body.url)}`);
      expect((await page("submit", { token: tokenOf(forged.body.url), components: parts({ house: "Flat 3" }) })).status).toBe(200);
      const [event] = await testEvents(db(), ws.workspace_id);
      expect(JSON.stringify(event!.payload)).not.toContain("attacker.example");
      expect((event!.payload as { data: { confirmation: { url: string } } }).data.confirmation.url).toBe(again.body.url);
    } finally {
      delete process.env.DAKIYA_PUBLIC_URL;
      reloadConfig();
    }
  });

  it("answers an unknown token 404 without a database write, and blocks the client, real links too, after 20 a minute", async () => {
    freshMinute();
    const id = await verification(ws.test_key);
    const real = tokenOf((await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body.url);
    const counters = async () => (await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n, coalesce(sum(count), 0)::int AS hits FROM rate_limit_counters`)[0];
    const before = await counters();
    for (let i = 0; i < LINK_LIMITS.unknownTokensPerMinute; i++) {
      const res = await page(i % 2 ? "view" : "submit", i % 2 ? { token: `unknown-${i}` } : { token: `unknown-${i}`, components: parts() });
      expect([res.status, res.code]).toEqual([404, "confirmation_not_found"]);
    }
    expect(await counters()).toEqual(before);
    const limited = await page("view", { token: "unknown-last" });
    expect([limited.status, limited.code]).toEqual([429, "rate_limited"]);
    const blocked = await page("view", { token: real });
    expect([blocked.status, blocked.code]).toEqual([429, "rate_limited"]);
    // The next minute the client may open the real link again.
    advanceClock(60_000);
    expect((await page("view", { token: real })).status).toBe(200);
  });

  it("serves no other procedure without a session", async () => {
    const res = await fetch(`${server.origin}/api/trpc/confirmations.link.view,console.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { token: "x" }, 1: {} }))}`);
    expect(res.status).toBe(401);
    const me = await fetch(`${server.origin}/api/trpc/console.me`);
    expect(me.status).toBe(401);
  });
});
