import { beforeAll, describe, expect, it } from "vitest";
import vectors from "../data/digipin-sample-vectors.json";
import { useApiServer } from "../server";
import { newWorkspace, unlimitedPlan } from "../helpers";

const { api } = useApiServer();
let key: string;
beforeAll(async () => {
  await unlimitedPlan("digipin_test", 10, null);
  key = (await newWorkspace("digipin_test")).test_key;
});

describe("GET /digipin/{digipin}", () => {
  it("decodes to the canonical code, the centre and the exact bounding box", async () => {
    const res = await api("GET", "/digipin/39J49LL8T4", { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      digipin: "39J49LL8T4",
      center: { lat: 28.622793197631836, lng: 77.21304893493652 },
      bbox: { min_lat: 28.62277603149414, max_lat: 28.62281036376953, min_lng: 77.21303176879883, max_lng: 77.21306610107422 },
    });
  });

  it.each([
    ["39j49ll8t4", "39J49LL8T4"],
    ["39J-49L-L8T4", "39J49LL8T4"],
    ["39J 49LL 8T4", "39J49LL8T4"],
    ["39J49LL8", "39J49LL8"],
  ])("accepts %s as %s", async (input, canonical) => {
    const res = await api("GET", `/digipin/${encodeURIComponent(input)}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.digipin).toBe(canonical);
  });

  it.each(["39J49LL8T", "39J49LL8T4F", "39J49LL8TA", "0000000000", "-"])("refuses %s with 400 invalid_digipin", async (input) => {
    const res = await api("GET", `/digipin/${encodeURIComponent(input)}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_digipin");
  });

  it("gives the reference centre for every sample vector", async () => {
    for (const v of vectors.vectors.slice(0, 40)) {
      const res = await api("GET", `/digipin/${v.digipin}`, { key });
      expect(res.body.center.lat.toFixed(6)).toBe(v.center_lat.toFixed(6));
      expect(res.body.center.lng.toFixed(6)).toBe(v.center_lng.toFixed(6));
    }
  });
});

describe("POST /digipin/encode", () => {
  it("encodes to the 10-symbol code and its 8-symbol prefix", async () => {
    const res = await api("POST", "/digipin/encode", { key, body: { lat: 12.9716, lng: 77.5946 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ digipin: "4P3JK852C9", digipin8: "4P3JK852" });
  });

  it("matches the reference for every sample vector", async () => {
    for (const v of vectors.vectors) {
      const res = await api("POST", "/digipin/encode", { key, body: { lat: v.lat, lng: v.lng } });
      expect(res.body.digipin, `${v.lat},${v.lng}`).toBe(v.digipin);
    }
  });

  it.each([
    [{ lat: 2.4999, lng: 77 }, "lat"],
    [{ lat: 38.5000001, lng: 77 }, "lat"],
    [{ lat: 20, lng: 63.4 }, "lng"],
    [{ lat: 20, lng: 99.51 }, "lng"],
    [{ lat: 20 }, "lng"],
    [{ lat: "20", lng: 77 }, "lat"],
  ])("refuses %j with 400 invalid_request naming %s", async (body, field) => {
    const res = await api("POST", "/digipin/encode", { key, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it("accepts the outer edges", async () => {
    expect((await api("POST", "/digipin/encode", { key, body: { lat: 38.5, lng: 99.5 } })).body.digipin).toBe("8888888888");
    expect((await api("POST", "/digipin/encode", { key, body: { lat: 2.5, lng: 63.5 } })).body.digipin).toBe("LLLLLLLLLL");
  });
});
