import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "../server";
import { apiClient, newWorkspace, type Api } from "../helpers";
import { db } from "../../server/db";
import { advanceClock } from "../../server/clock";
import { LINK_LIMITS } from "../../server/confirmations";
import { HOLD_NO_PINCODE, linkPage, parts, tokenOf, verificationId, type LinkPage } from "../confirmations";

// Confirmation links and what keeps them to their own workspace, kind and buyer (test-key verifications only: no provider).
let server: Awaited<ReturnType<typeof startApiServer>>;
let api: Api;
let page: LinkPage;
let ws: Awaited<ReturnType<typeof newWorkspace>>;

beforeAll(async () => {
  server = await startApiServer();
  api = apiClient(server.url);
  page = linkPage(server.origin);
  ws = await newWorkspace();
});
afterAll(() => server.close());

const verification = (key: string, address?: string) => verificationId(api, key, address);

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
    const id = await verification(ws.test_key);
    const c = (await api("POST", "/confirmations", { key: ws.test_key, body: { verification_id: id } })).body;
    const token = tokenOf(c.url);
    expect((await page("submit", { token, components: parts() })).status).toBe(200);
    for (let i = 1; i < LINK_LIMITS.submitsPerMinute; i++) expect((await page("submit", { token, components: parts() })).code).toBe("confirmation_closed");
    const limited = await page("submit", { token, components: parts() });
    expect([limited.status, limited.code]).toEqual([429, "rate_limited"]);
  });

  it("answers an unknown token 404, and limits unknown tokens per client address", async () => {
    advanceClock(60_000);
    for (let i = 0; i < LINK_LIMITS.unknownTokensPerMinute; i++) {
      const res = await page("view", { token: `unknown-${i}` });
      expect([res.status, res.code]).toEqual([404, "confirmation_not_found"]);
    }
    const limited = await page("view", { token: "unknown-last" });
    expect([limited.status, limited.code]).toEqual([429, "rate_limited"]);
  });

  it("serves no other procedure without a session", async () => {
    const res = await fetch(`${server.origin}/api/trpc/confirmations.link.view,console.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { token: "x" }, 1: {} }))}`);
    expect(res.status).toBe(401);
    const me = await fetch(`${server.origin}/api/trpc/console.me`);
    expect(me.status).toBe(401);
  });
});
