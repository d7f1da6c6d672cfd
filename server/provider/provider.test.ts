/** The adapter and its retries/timeouts against the simulator over real HTTP. */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lookupPincode } from "../addresses";
import { config, reloadConfig } from "../config";
import { validateAddressUrl } from "./google";
import { getProvider, providerEndpoint, providerStatus, resetProvider } from "./index";
import { startSimulator, type RunningSimulator } from "./simulator";
import { failureOf, useProvider } from "./test-helpers";
import { freePort } from "../../scripts/free-port";

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("validation results", () => {
  it("maps a house number with a known pincode to building level", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const lines = ["Flat 12B, Prestige Tower, 14 MG Road", "Bengaluru 560001"];
    const r = await provider.validate(lines);
    expect(r).toMatchObject({
      level: "building",
      granularity: "PREMISE",
      inputGranularity: "PREMISE",
      geocodeGranularity: "PREMISE",
      addressComplete: true,
      hasUnconfirmedComponents: false,
      hasInferredComponents: true,
      hasReplacedComponents: false,
      missingComponentTypes: [],
      unconfirmedComponentTypes: [],
    });
    expect(r.components).toContainEqual({ type: "street_number", text: "Flat 12B", confirmation: "CONFIRMED", inferred: false });
    expect(r.components).toContainEqual({ type: "postal_code", text: "560001", confirmation: "CONFIRMED", inferred: false });
    expect(r.components).toContainEqual({ type: "administrative_area_level_1", text: "Karnataka", confirmation: "CONFIRMED", inferred: true });
    expect(r.components.every((c) => c.confirmation === "CONFIRMED")).toBe(true);
    expect(r.formattedAddress).toBe("Flat 12B, Prestige Tower, 14 MG Road, Bengaluru, Karnataka 560001, India");
    expect(r.responseId).toMatch(/^[0-9a-f-]{36}$/);

    const pin = lookupPincode("560001")!;
    expect(r.location).not.toBeNull();
    expect(Math.abs(r.location!.lat - pin.lat)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.location!.lng - pin.lng)).toBeLessThanOrEqual(0.01);
    expect(r.location).not.toEqual({ lat: pin.lat, lng: pin.lng });
    // Deterministic: the same text lands on the same point, another text elsewhere.
    expect((await provider.validate(lines)).location).toEqual(r.location);
    expect((await provider.validate(["Flat 14, Prestige Tower, 14 MG Road", "Bengaluru 560001"])).location).not.toEqual(r.location);
  });

  it("maps a street with a known pincode but no house number to street level", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const r = await provider.validate(["5th Main Road, Jayanagar", "Bengaluru 560041"]);
    expect(r).toMatchObject({
      level: "street",
      granularity: "ROUTE",
      addressComplete: false,
      hasUnconfirmedComponents: true,
      missingComponentTypes: ["street_number"],
      unconfirmedComponentTypes: ["route"],
    });
    expect(r.components).toContainEqual({ type: "route", text: "5th Main Road", confirmation: "UNCONFIRMED_BUT_PLAUSIBLE", inferred: false });
    expect(r.components.some((c) => c.type === "street_number")).toBe(false);
    expect(r.location).not.toBeNull();
  });

  it("maps junk to OTHER (locality) with everything suspicious and no geocode", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const r = await provider.validate(["asdfgh qwerty zxcv"]);
    expect(r).toMatchObject({ level: "locality", granularity: "OTHER", addressComplete: false, hasUnconfirmedComponents: true, location: null });
    expect(r.components.length).toBeGreaterThan(0);
    expect(r.components.every((c) => c.confirmation === "UNCONFIRMED_AND_SUSPICIOUS")).toBe(true);
    expect(r.missingComponentTypes).toContain("postal_code");
  });

  it("sends Google's request format with the key and no more", async () => {
    let seen: { path: string; key: string | null; body: unknown } | null = null;
    const echo = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://x");
        seen = { path: `${req.method} ${url.pathname}`, key: url.searchParams.get("key"), body: JSON.parse(body) };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ result: { verdict: { validationGranularity: "SUB_PREMISE" }, address: {} } }));
      });
    });
    await new Promise<void>((r) => echo.listen(0, "127.0.0.1", r));
    const { port } = echo.address() as AddressInfo;
    try {
      const provider = useProvider({ DAKIYA_PROVIDER: "google", GOOGLE_MAPS_API_KEY: "AIza-test-key", PROVIDER_BASE_URL: `http://127.0.0.1:${port}/` });
      const r = await provider.validate(["1 Test Road", "Pune 411001"]);
      expect(seen).toEqual({
        path: "POST /v1:validateAddress",
        key: "AIza-test-key",
        body: { address: { regionCode: "IN", addressLines: ["1 Test Road", "Pune 411001"] } },
      });
      // Absent fields take Google's defaults.
      expect(r).toMatchObject({ level: "building", granularity: "SUB_PREMISE", addressComplete: false, components: [], location: null, formattedAddress: null, responseId: null });
    } finally {
      await new Promise((r) => echo.close(r));
    }
  });

  it("defaults the base URL to Google's, or the local simulator port", () => {
    const urlFor = (env: Record<string, string>) => {
      useProvider(env);
      return String(validateAddressUrl(providerEndpoint(config())));
    };
    expect(urlFor({ DAKIYA_PROVIDER: "google", GOOGLE_MAPS_API_KEY: "k" })).toBe("https://addressvalidation.googleapis.com/v1:validateAddress?key=k");
    expect(urlFor({ DAKIYA_PROVIDER: "simulator", PROVIDER_SIM_PORT: "4999" })).toBe("http://127.0.0.1:4999/v1:validateAddress?key=simulator");
    expect(urlFor({ DAKIYA_PROVIDER: "google", GOOGLE_MAPS_API_KEY: "k", PROVIDER_BASE_URL: "https://proxy.example/maps/" })).toBe("https://proxy.example/maps/v1:validateAddress?key=k");
  });

  it("has no provider when DAKIYA_PROVIDER=none", () => {
    process.env.DAKIYA_PROVIDER = "none";
    reloadConfig();
    resetProvider();
    expect(getProvider()).toBeNull();
    expect(providerStatus()).toBeNull();
  });
});

describe("failures", () => {
  it("turns a 500 into provider_error without retrying", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const before = sim.stats().requests;
    const err = await failureOf(provider.validate(["12 MG Road SIMULATE_500", "Bengaluru 560001"]));
    expect(err.code).toBe("provider_error");
    expect(err.status).toBe(502);
    expect(err.message).toContain('HTTP 500 INTERNAL: "Internal error encountered."');
    expect(sim.stats().requests - before).toBe(1);
  });

  it("retries a 503 twice, then gives provider_error", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const before = sim.stats().requests;
    const err = await failureOf(provider.validate(["12 MG Road SIMULATE_503", "Bengaluru 560001"]));
    expect(err.code).toBe("provider_error");
    expect(err.message).toContain("HTTP 503 UNAVAILABLE");
    expect(err.message).toContain("after 3 attempts");
    expect(sim.stats().requests - before).toBe(3);
  });

  it("retries a refused connection twice, then gives provider_error", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: `http://127.0.0.1:${await freePort()}` });
    const err = await failureOf(provider.validate(["12 MG Road", "Bengaluru 560001"]));
    expect(err.code).toBe("provider_error");
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.message).toContain("after 3 attempts");
  });

  it("retries a reset connection twice, then gives provider_error", async () => {
    let connections = 0;
    const resetter = net.createServer((socket) => {
      connections++;
      socket.once("data", () => socket.resetAndDestroy());
    });
    await new Promise<void>((r) => resetter.listen(0, "127.0.0.1", r));
    const { port } = resetter.address() as AddressInfo;
    try {
      const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: `http://127.0.0.1:${port}` });
      const err = await failureOf(provider.validate(["12 MG Road", "Bengaluru 560001"]));
      expect(err.code).toBe("provider_error");
      expect(err.message).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
      expect(connections).toBe(3);
    } finally {
      await new Promise((r) => resetter.close(r));
    }
  });

  it("gives provider_timeout for a provider that never answers, when the timeout runs out, without retrying", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_TIMEOUT_MS: "300" });
    const before = sim.stats().requests;
    const started = performance.now();
    const err = await failureOf(provider.validate(["12 MG Road SIMULATE_HANG", "Bengaluru 560001"]));
    const elapsed = performance.now() - started;
    expect(err.code).toBe("provider_timeout");
    expect(err.status).toBe(504);
    // Never before the timeout; how long after it depends on the machine's load, so it is not asserted.
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(err.message).toMatch(/did not answer within 300 ms/);
    expect(sim.stats().requests - before).toBe(1);
    // The abandoned request is closed, not left hanging in the simulator.
    await vi.waitFor(() => expect(sim.stats().inFlight).toBe(0));
  });

  it("turns a body that is not a validation response into provider_error", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url });
    const before = sim.stats().requests;
    const err = await failureOf(provider.validate(["12 MG Road SIMULATE_BAD_BODY", "Bengaluru 560001"]));
    expect(err.code).toBe("provider_error");
    expect(err.message).toContain("not JSON");
    expect(sim.stats().requests - before).toBe(1);
  });

  it("reports what the provider said about a bad key, without the key, and counts it as a failure", async () => {
    const key = "AIzaSecret-0123456789";
    const google = http.createServer((req, res) => {
      req.resume();
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 400, message: `API key not valid (${key}). Please pass a valid API key.`, status: "INVALID_ARGUMENT" } }));
    });
    await new Promise<void>((r) => google.listen(0, "127.0.0.1", r));
    const { port } = google.address() as AddressInfo;
    try {
      const provider = useProvider({ DAKIYA_PROVIDER: "google", GOOGLE_MAPS_API_KEY: key, PROVIDER_BASE_URL: `http://127.0.0.1:${port}` });
      const err = await failureOf(provider.validate(["12 MG Road", "Bengaluru 560001"]));
      expect(err.code).toBe("provider_error");
      expect(err.message).toContain("HTTP 400 INVALID_ARGUMENT");
      expect(err.message).toContain("API key not valid ([key])");
      expect(err.message).not.toContain(key);
      expect(providerStatus()).toMatchObject({ name: "google", state: "closed", consecutiveFailures: 1 });
    } finally {
      await new Promise((r) => google.close(r));
    }
  });
});
