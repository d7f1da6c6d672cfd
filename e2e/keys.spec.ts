import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

test("create a key, use it on the REST API, revoke it, and it is refused", async ({ page, request }) => {
  await page.goto("/keys");
  await page.getByLabel("Kind").selectOption("live");
  await page.getByLabel("Name (optional)").fill("Warehouse scanner");
  await page.getByRole("button", { name: "Create key" }).click();

  const secretBox = page.getByLabel("Your new live key");
  await expect(secretBox).toHaveValue(/^dk_live_[0-9A-Za-z]{32}$/);
  const secret = await secretBox.inputValue();
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  await shot(page, "keys");
  await expectAccessible(page);

  const usage = await request.get("/api/v1/usage", { headers: { authorization: `Bearer ${secret}` } });
  expect(usage.status()).toBe(200);
  expect(await usage.json()).toMatchObject({ plan: "starter", included: 5000 });

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByLabel("Your new live key")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: "Warehouse scanner" });
  await expect(row).toContainText(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: /^Revoke/ }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row).toContainText("Revoked");

  const refused = await request.get("/api/v1/usage", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthenticated", message: "The API key has been revoked." } });
});
