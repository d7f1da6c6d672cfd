import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { seed, trpc } from "./helpers";

test.use({ storageState: E2E.state.viewer });

test("a viewer reads but cannot create a key: no button, and the procedure refuses", async ({ page }) => {
  await page.goto("/keys");
  await expect(page.getByText(`${seed().viewer.email} · Viewer (read only)`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Default live key" })).toBeVisible();
  await expect(page.getByText("Viewers can see the keys but not create or revoke them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);

  const key = await trpc(page, "console.keys.create", { kind: "live" });
  expect(key.status).toBe(403);
  expect(key.body.error?.data.api.code).toBe("forbidden");
  expect(key.body.error?.data.api.requestId).toMatch(/^req_/);
  expect(key.headers["x-request-id"]).toBe(key.body.error?.data.api.requestId);

  const batch = await trpc(page, "addresses.verifyBatch", { addresses: [{ address: "12 MG Road, Bengaluru 560001" }] });
  expect(batch.status).toBe(403);
  expect(batch.body.error?.data.api.code).toBe("forbidden");
  const hook = await trpc(page, "console.webhooks.add", { url: "https://example.com/hook" });
  expect(hook.body.error?.data.api.code).toBe("forbidden");

  // Test mode is free, so a viewer may try the sample addresses; live mode is not offered.
  await page.goto("/verify");
  await expect(page.getByLabel("Live: any address, 1 unit")).toBeDisabled();
  await page.goto("/batches");
  await expect(page.getByRole("link", { name: "New batch" })).toHaveCount(0);
  await page.goto("/members");
  await expect(page.getByRole("button", { name: "Invite" })).toHaveCount(0);
});
