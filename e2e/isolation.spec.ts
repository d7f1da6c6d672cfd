import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { seed, trpc } from "./helpers";

test.use({ storageState: E2E.state.other });

test("a member of another workspace sees none of Acme's batches, verifications or keys", async ({ page, request }) => {
  const { acme } = seed();
  const auth = { authorization: `Bearer ${acme.live_key}` };
  // Acme's own data, made with its live key.
  expect((await request.post("/api/v1/addresses/verify", { headers: auth, data: { address: "12 MG Road, Bengaluru 560001", order_id: "ISO-1" } })).status()).toBe(200);
  const created = await request.post("/api/v1/addresses/verify/batch", { headers: auth, data: { addresses: [{ address: "12 MG Road, Bengaluru 560001", order_id: "ISO-2" }] } });
  expect(created.status()).toBe(202);
  const { batch_id } = (await created.json()) as { batch_id: string };

  await page.goto("/overview");
  await expect(page.getByText("Other Traders")).toBeVisible();
  await expect(page.getByText("Acme Retail")).toHaveCount(0);

  await page.goto("/batches");
  await expect(page.getByText("No batches yet.")).toBeVisible();
  await page.goto(`/batches/${batch_id}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await page.request.get(`/batches/${batch_id}/download`)).status()).toBe(404);
  const progress = await trpc(page, "batches.get", { batch_id }, "query");
  expect(progress.body.error?.data.api.code).toBe("batch_not_found");

  await page.goto("/verify");
  await page.getByLabel("Verification id or order id").fill("ISO-1");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("No verification in this workspace has the id or order id “ISO-1”.")).toBeVisible();

  await page.goto("/keys");
  await expect(page.getByRole("row").filter({ hasText: "Default live key" })).toHaveCount(1);
  await expect(page.getByText(acme.live_key.slice(0, 12))).toHaveCount(0);
  const revoke = await trpc(page, "console.keys.revoke", { key_id: acme.live_key.slice(0, 12) });
  expect(revoke.body.error?.data.api.code).toBe("not_found");
  expect((await request.get("/api/v1/usage", { headers: auth })).status()).toBe(200);

  await page.goto("/members");
  await expect(page.getByText(acme.console.email)).toHaveCount(0);
});
