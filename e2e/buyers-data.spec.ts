import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, seed } from "./helpers";

test.use({ storageState: E2E.state.owner });

/** Settings → Buyers' data (docs/privacy.md): the owner sets the retention and erases an order's data after confirming. */
test("an owner sets the retention and erases an order's data, which then shows nowhere", async ({ page, request }) => {
  const key = { authorization: `Bearer ${seed().acme.live_key}` };
  const verified = await request.post("/api/v1/addresses/verify", {
    headers: key,
    data: { address: "Flat 9, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066", order_id: "E2E-ERASE-1" },
  });
  expect(verified.status()).toBe(200);

  await page.goto("/settings/buyers-data");
  await expect(page.getByRole("heading", { name: "Buyers' data", level: 1 })).toBeVisible();
  await expectAccessible(page);
  const retention = page.getByLabel("Retention in days (30–730)");
  await retention.fill("90");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await (await request.get("/api/v1/privacy/settings", { headers: key })).json()).toEqual({ retention_days: 90 });

  await page.getByLabel("Order id").fill("E2E-ERASE-1");
  await page.getByRole("button", { name: "Erase the data of order E2E-ERASE-1" }).click();
  // Nothing is erased until the second, explicit click.
  await expect(page.getByRole("alertdialog")).toContainText("cannot be undone");
  await page.getByRole("button", { name: "Yes, erase" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased:" })).toContainText("Erased: 1 verifications");
  await expect(page.getByRole("row").filter({ hasText: "An order id (not kept)" }).first()).toBeVisible();
  await expect(page.getByText("E2E-ERASE-1")).toHaveCount(0);
  await expectAccessible(page);

  const lookup = await request.post("/api/v1/outcomes", { headers: key, data: { order_id: "E2E-ERASE-1", outcome: "delivered" } });
  expect((await lookup.json()).error.code).toBe("verification_not_found");
  expect((await request.put("/api/v1/privacy/settings", { headers: key, data: { retention_days: 180 } })).status()).toBe(200);
});
