import { describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { newWorkspace, useWorkspace } from "../helpers";
import { db } from "../../server/db";
import { revokeKey } from "../../server/keys";

const { api } = useApiServer();
const ws = useWorkspace("starter");

const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;

describe("errors and request ids", () => {
  it("gives every response an X-Request-Id, repeated in error bodies", async () => {
    const ok = await api("GET", "/usage", { key: ws.test_key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toMatch(REQUEST_ID);

    const bad = await api("GET", "/usage");
    expect(bad.status).toBe(401);
    expect(bad.body.request_id).toBe(bad.headers.get("x-request-id"));
    expect(bad.body.error.code).toBe("unauthenticated");
    expect(typeof bad.body.error.message).toBe("string");
  });

  it("answers unknown paths with 404 not_found and wrong methods with 405 method_not_allowed", async () => {
    const missing = await api("GET", "/nope", { key: ws.test_key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect(missing.body.request_id).toMatch(REQUEST_ID);

    const wrong = await api("DELETE", "/usage", { key: ws.test_key });
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe("method_not_allowed");
    expect(wrong.headers.get("allow")).toBe("GET");

    const wrongOnParam = await api("POST", "/digipin/39J49LL8T4", { key: ws.test_key, body: {} });
    expect(wrongOnParam.status).toBe(405);
  });

  it("rejects missing, malformed, unknown and revoked keys with 401", async () => {
    for (const authorization of ["", "Basic abc", "Bearer nope", `Bearer dk_live_${"a".repeat(32)}`]) {
      const res = await api("GET", "/usage", { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.body.error.code).toBe("unauthenticated");
    }
    const other = await newWorkspace("free");
    expect((await api("GET", "/usage", { key: other.live_key })).status).toBe(200);
    await revokeKey(db(), other.live_key.slice(0, 12), other.workspace_id);
    const revoked = await api("GET", "/usage", { key: other.live_key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toMatch(/revoked/);
  });

  it("answers a body that is not JSON with 400 invalid_request", async () => {
    const res = await api("POST", "/digipin/encode", { key: ws.live_key, raw: "{lat: 1", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("lists schema failures in details[] with their paths", async () => {
    const res = await api("POST", "/digipin/encode", { key: ws.live_key, body: { lat: "north", lng: 120 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["lat", "lng"]);
  });

  it("never shows internals in a 500", async () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back below, never called alone
    const spy = db().usagePeriod.findUnique;
    (db().usagePeriod as any).findUnique = () => Promise.reject(new Error("SECRET_INTERNAL_DETAIL at /srv/app.ts:12"));
    try {
      const res = await api("GET", "/usage", { key: ws.live_key });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe("internal_error");
      expect(JSON.stringify(res.body)).not.toMatch(/SECRET_INTERNAL_DETAIL|app\.ts/);
      expect(res.body.request_id).toMatch(REQUEST_ID);
    } finally {
      (db().usagePeriod as any).findUnique = spy;
    }
  });
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document without a key, describing the endpoints", async () => {
    const res = await api("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    const operations = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(operations.sort()).toEqual(
      [
        "GET /digipin/{digipin}",
        "POST /digipin/encode",
        "POST /addresses/normalize",
        "POST /addresses/verify",
        "POST /addresses/verify/batch",
        "GET /batches/{batch_id}",
        "POST /batches/{batch_id}/cancel",
        "GET /batches/{batch_id}/download",
        "POST /outcomes",
        "POST /outcomes/batch",
        "GET /usage",
        "POST /confirmations",
        "GET /confirmations/{confirmation_id}",
        "GET /policy",
        "POST /policy/preview",
        "GET /analytics/outcomes",
        "GET /privacy/settings",
        "PUT /privacy/settings",
        "POST /privacy/erasures",
        "GET /privacy/erasures",
      ].sort(),
    );
    expect(Object.keys(res.body.webhooks)).toEqual(["batch.completed", "batch.failed", "batch.cancelled", "address.confirmed"]);
    expect(Object.keys(res.body.paths["/confirmations"].post.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "404"]));
    expect(res.body.paths["/addresses/verify/batch"].post.responses["202"]).toBeDefined();
    expect(Object.keys(res.body.paths["/batches/{batch_id}/download"].get.responses["200"].content)).toEqual(["text/csv"]);
    expect(res.body.paths["/batches/{batch_id}/download"].get.responses["410"]).toBeDefined();
    const verification = res.body.components.schemas.Verification;
    expect(verification.examples.map((e: { decision: string }) => e.decision)).toEqual(["SHIP", "REVIEW", "HOLD"]);
    expect(Object.keys(verification.properties)).toHaveLength(20);
    const decode = res.body.paths["/digipin/{digipin}"].get;
    expect(decode.responses["400"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(decode.responses["401"]).toBeDefined();
    expect(decode.security).toEqual([{ bearerAuth: [] }]);
  });
});
