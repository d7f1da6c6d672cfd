/** The simulator on its own: its verdicts, its wire format and its knobs. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lookupPincode, preloadPincodeDirectory } from "../addresses";
import { simulate, simulatedFailure, startSimulator, type RunningSimulator } from "./simulator";

const verdictOf = (...lines: string[]) => simulate(lines).result.verdict;

describe("simulate", () => {
  // The directory loads here, not inside the first test's time.
  beforeAll(() => {
    preloadPincodeDirectory();
  });

  it.each([
    [["H.No 5-6-7, Banjara Hills", "Hyderabad 500034"], "PREMISE"],
    [["Flat No. 12B, Sunshine Apartments, Andheri West, Mumbai 400058"], "PREMISE"],
    [["#42, 2nd Cross, Indiranagar, Bengaluru 560 038"], "PREMISE"],
    [["B-204, Sector 62, Noida 201301"], "PREMISE"],
    [["2nd Cross, Indiranagar, Bengaluru 560038"], "ROUTE"],
    [["Sector 12, Noida 201301"], "ROUTE"],
    [["Bengaluru 560001"], "OTHER"],
    [["12 Some Street, 999999"], "OTHER"],
    [["asdfgh qwerty"], "OTHER"],
    [["!!!"], "OTHER"],
  ])("%j → %s", (lines, granularity) => {
    expect(verdictOf(...lines).validationGranularity).toBe(granularity);
  });

  it("does not take a phone number for a house number or a pincode", () => {
    const r = simulate(["9845012345, MG Road, Bengaluru 560001"]).result;
    expect(r.verdict.validationGranularity).toBe("ROUTE");
    expect(r.address.addressComponents?.find((c) => c.componentType === "postal_code")?.componentName.text).toBe("560001");
  });

  it("geocodes near the pincode, the same point for the same text whatever its spacing or case", () => {
    const pin = lookupPincode("400058")!;
    const a = simulate(["Flat 12B, Sunshine Apartments", "Mumbai 400058"]).result.geocode!.location;
    const b = simulate(["flat 12b,  SUNSHINE apartments", "mumbai 400058"]).result.geocode!.location;
    const c = simulate(["Flat 12C, Sunshine Apartments", "Mumbai 400058"]).result.geocode!.location;
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    for (const p of [a, c]) {
      expect(Math.abs(p.latitude - pin.lat)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(p.longitude - pin.lng)).toBeLessThanOrEqual(0.01);
    }
  });

  it("marks an unknown pincode suspicious, and an address-like text plausible", () => {
    const r = simulate(["12 Some Street", "999999"]).result;
    expect(r.geocode).toBeUndefined();
    expect(r.address.addressComponents).toEqual([
      { componentName: { text: "12", languageCode: "en" }, componentType: "street_number", confirmationLevel: "UNCONFIRMED_BUT_PLAUSIBLE" },
      { componentName: { text: "Some Street", languageCode: "en" }, componentType: "route", confirmationLevel: "UNCONFIRMED_BUT_PLAUSIBLE" },
      { componentName: { text: "999999", languageCode: "en" }, componentType: "postal_code", confirmationLevel: "UNCONFIRMED_AND_SUSPICIOUS" },
    ]);
  });

  it("ignores trigger words when answering", () => {
    expect(simulatedFailure("12 MG Road simulate_hang")).toBe("HANG");
    expect(simulatedFailure("12 MG Road SIMULATE_5000")).toBeNull();
    const plain = simulate(["Flat 3, 5th Main Road", "Bengaluru 560041"]).result;
    const triggered = simulate(["Flat 3, 5th Main Road SIMULATE_500", "Bengaluru 560041"]).result;
    expect(triggered.verdict).toEqual(plain.verdict);
    expect(triggered.geocode).toEqual(plain.geocode);
    expect(triggered.address.formattedAddress).toBe(plain.address.formattedAddress);
  });
});

describe("simulator over HTTP", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const post = (path: string, body: unknown, signal?: AbortSignal) => fetch(`${sim.url}${path}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), signal });
  const address = (...addressLines: string[]) => ({ address: { regionCode: "IN", addressLines } });

  it("answers in Google's shape", async () => {
    const res = await post("/v1:validateAddress?key=any", address("Flat 3, 5th Main Road", "Bengaluru 560041"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ result: { verdict: { validationGranularity: "PREMISE" }, address: { formattedAddress: expect.any(String) } }, responseId: expect.any(String) });
  });

  it("answers errors in Google's error shape", async () => {
    const cases: Array<[string, unknown, number, string]> = [
      ["/v1:validateAddress", address("x"), 403, "PERMISSION_DENIED"],
      ["/v1:validateAddress?key=", address("x"), 403, "PERMISSION_DENIED"],
      ["/v1/validate?key=k", address("x"), 404, "NOT_FOUND"],
      ["/v1:validateAddress?key=k", "{not json", 400, "INVALID_ARGUMENT"],
      ["/v1:validateAddress?key=k", { address: {} }, 400, "INVALID_ARGUMENT"],
      ["/v1:validateAddress?key=k", address("12 MG Road SIMULATE_500"), 500, "INTERNAL"],
      ["/v1:validateAddress?key=k", address("12 MG Road SIMULATE_503"), 503, "UNAVAILABLE"],
    ];
    for (const [path, body, code, status] of cases) {
      const res = await post(path, body);
      expect([path, res.status]).toEqual([path, code]);
      expect(await res.json()).toEqual({ error: { code, message: expect.any(String), status } });
    }
  });

  it("answers SIMULATE_BAD_BODY with a 200 that is not JSON", async () => {
    const res = await post("/v1:validateAddress?key=k", address("12 MG Road SIMULATE_BAD_BODY"));
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it("holds a SIMULATE_HANG request open until the client goes away", async () => {
    const controller = new AbortController();
    const pending = post("/v1:validateAddress?key=k", address("12 MG Road SIMULATE_HANG"), controller.signal);
    await vi.waitFor(() => expect(sim.stats().inFlight).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.stats().inFlight).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await vi.waitFor(() => expect(sim.stats().inFlight).toBe(0));
  });

  it("applies its latency and error-rate knobs", async () => {
    const slow = await startSimulator({ latencyMs: 120, errorRate: 1 });
    try {
      const started = performance.now();
      const res = await fetch(`${slow.url}/v1:validateAddress?key=k`, { method: "POST", body: JSON.stringify(address("Flat 3, 5th Main Road", "Bengaluru 560041")) });
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
      expect(res.status).toBe(503);
    } finally {
      await slow.close();
    }
  });
});
