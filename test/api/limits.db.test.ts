import { afterAll, describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { newWorkspace, setUsedTenths, unlimitedPlan } from "../helpers";
import { db } from "../../server/db";
import { advanceClock, setClock } from "../../server/clock";
import { setPlan } from "../../server/workspaces";

const { api } = useApiServer();
afterAll(() => setClock(null));

const address = { address: "#12, 3rd Cross, Indiranagar, Bangalore 560038" };

describe("rate limits", () => {
  it("lets a test key normalize 5 times a minute, then answers 429 with Retry-After and RateLimit headers", async () => {
    setClock(new Date("2026-11-22T10:00:05Z"));
    const ws = await newWorkspace("free");
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api("POST", "/addresses/normalize", { key: ws.test_key, body: address });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("5");
      remaining.push(res.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const limited = await api("POST", "/addresses/normalize", { key: ws.test_key, body: address });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("55");
    expect(limited.headers.get("ratelimit-reset")).toBe("55");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");

    // Other endpoints have their own count (60 a minute for test keys).
    const usage = await api("GET", "/usage", { key: ws.test_key });
    expect(usage.status).toBe(200);
    expect(usage.headers.get("ratelimit-limit")).toBe("60");

    // A new window starts a new count.
    advanceClock(60_000);
    expect((await api("POST", "/addresses/normalize", { key: ws.test_key, body: address })).status).toBe(200);
    setClock(null);
  });

  it("gives live keys 600 a minute per endpoint", async () => {
    const ws = await newWorkspace("starter");
    const res = await api("POST", "/addresses/normalize", { key: ws.live_key, body: address });
    expect(res.headers.get("ratelimit-limit")).toBe("600");
    expect(res.headers.get("ratelimit-remaining")).toBe("599");
  });

  it("sends no rate-limit headers for a plan without limits", async () => {
    await unlimitedPlan("bench_test", 1000, null);
    const ws = await newWorkspace("bench_test");
    const res = await api("GET", "/usage", { key: ws.live_key });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("quota", () => {
  it("charges 0.1 unit per live normalize and nothing for a test key", async () => {
    const ws = await newWorkspace("starter");
    for (let i = 0; i < 3; i++) expect((await api("POST", "/addresses/normalize", { key: ws.live_key, body: address })).status).toBe(200);
    expect((await api("POST", "/addresses/normalize", { key: ws.test_key, body: address })).status).toBe(200);
    const usage = await api("GET", "/usage", { key: ws.test_key });
    expect(usage.body).toMatchObject({ plan: "starter", included: 5000, used: 0.3, remaining: 4999.7, overage_paise: 0 });
    expect(usage.body.period).toMatch(/^\d{4}-\d{2}$/);
    const charges = await db().usageCharge.findMany({ where: { workspaceId: ws.workspace_id } });
    expect(charges.map((c) => c.tenths)).toEqual([1, 1, 1]);
  });

  it("never overspends a no-overage plan under 50 concurrent requests", async () => {
    await unlimitedPlan("tiny_test", 100, null);
    const ws = await newWorkspace("tiny_test");
    await setUsedTenths(ws.workspace_id, 995);
    const results = await Promise.all(Array.from({ length: 50 }, () => api("POST", "/addresses/normalize", { key: ws.live_key, body: address })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(results.find((r) => r.status === 429)!.body.error.code).toBe("quota_exhausted");
    const usage = await api("GET", "/usage", { key: ws.live_key });
    expect(usage.body).toMatchObject({ used: 100, remaining: 0, overage_paise: 0 });
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id } })).toBe(5);
  });

  it("lets an overage plan go past included and prices the overage in paise", async () => {
    const ws = await newWorkspace("starter");
    await setUsedTenths(ws.workspace_id, 50_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => api("POST", "/addresses/normalize", { key: ws.live_key, body: address })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const usage = await api("GET", "/usage", { key: ws.live_key });
    // 2.0 units over at 50 paise a unit.
    expect(usage.body).toMatchObject({ included: 5000, used: 5002, remaining: 0, overage_paise: 100 });
  });

  it("reports the period in UTC and starts each month at zero", async () => {
    const ws = await newWorkspace("growth");
    setClock(new Date("2026-12-31T23:59:00Z"));
    await api("POST", "/addresses/normalize", { key: ws.live_key, body: address });
    expect((await api("GET", "/usage", { key: ws.live_key })).body).toMatchObject({ period: "2026-12", used: 0.1, plan: "growth", included: 50000 });
    setClock(new Date("2027-01-01T00:00:30Z"));
    expect((await api("GET", "/usage", { key: ws.live_key })).body).toMatchObject({ period: "2027-01", used: 0 });
    setClock(null);
  });

  it("refuses a live normalize with quota_exhausted on an exhausted free plan, and follows plan changes", async () => {
    const ws = await newWorkspace("free");
    await setUsedTenths(ws.workspace_id, 1000);
    const res = await api("POST", "/addresses/normalize", { key: ws.live_key, body: address });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("quota_exhausted");
    await setPlan(db(), ws.workspace_id, "starter");
    expect((await api("POST", "/addresses/normalize", { key: ws.live_key, body: address })).status).toBe(200);
  });
});
