import Papa from "papaparse";
import { expect, test } from "@playwright/test";
import { seed } from "./helpers";

/**
 * The production server itself (started as `npm start` starts it): headers on pages and the
 * reference, and a batch row whose provider call fails recorded as the domain's error, not a 500.
 */
const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;

test("pages and the API reference carry a request id; pages carry the security headers", async ({ request }) => {
  const page = await request.get("/sign-in");
  expect(page.status()).toBe(200);
  const headers = page.headers();
  expect(headers["x-request-id"]).toMatch(REQUEST_ID);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();

  const docs = await request.get("/docs");
  expect(docs.status()).toBe(200);
  expect(docs.headers()["x-request-id"]).toMatch(REQUEST_ID);
  expect(await docs.text()).toContain("/api/v1/openapi.json");

  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["x-request-id"]).toMatch(REQUEST_ID);
});

test("a batch row whose provider call fails with HTTP 500 is failed with provider_error in the CSV", async ({ request }) => {
  const { acme } = seed();
  const headers = { authorization: `Bearer ${acme.live_key}` };
  const created = await request.post("/api/v1/addresses/verify/batch", {
    headers,
    data: {
      addresses: [
        { address: "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Bengaluru 560066", order_id: "P-OK" },
        { address: "12 SIMULATE_500 Road, Indiranagar, Bengaluru 560038", order_id: "P-500" },
      ],
    },
  });
  expect(created.status()).toBe(202);
  const { batch_id } = await created.json();
  await expect(async () => {
    const progress = await (await request.get(`/api/v1/batches/${batch_id}`, { headers })).json();
    expect(progress.status).toBe("completed");
  }).toPass({ timeout: 30_000 });

  const csv = await request.get(`/api/v1/batches/${batch_id}/download`, { headers });
  expect(csv.status()).toBe(200);
  const rows = Papa.parse<Record<string, string>>(await csv.text(), { header: true, skipEmptyLines: true }).data;
  expect(rows.map((r) => [r.order_id, r.status, r.error_code])).toEqual([
    ["P-OK", "succeeded", ""],
    ["P-500", "failed", "provider_error"],
  ]);
});
