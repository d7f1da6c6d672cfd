import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

test("verify one address live, look it up by order id and report its delivery", async ({ page }) => {
  await page.goto("/verify");
  await page.getByLabel("Live: any address, 1 unit").check();
  await page.getByLabel("Address", { exact: true }).fill("Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066");
  await page.getByLabel("Order id (optional)").fill("VER-1");
  await page.getByLabel("Payment method (optional)").selectOption("prepaid");
  await page.getByLabel("Order value in rupees (optional)").fill("1499");
  await page.getByRole("button", { name: "Verify (live)" }).click();

  await expect(page.getByTestId("decision")).toHaveText(/SHIP|REVIEW|HOLD/);
  await expect(page.getByTestId("policy-version")).toHaveText(/^\d+$/);
  await expect(page.getByText(/· prepaid · order value ₹1,499$/)).toBeVisible();
  await expect(page.getByText("560066: ")).toBeVisible();
  await expect(page.getByTestId("digipin")).toHaveText(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
  await expect(page.getByRole("img", { name: /^DIGIPIN .* a cell of about/ })).toBeVisible();
  await shot(page, "verify");
  await expectAccessible(page);

  await page.getByLabel("Verification id or order id").fill("VER-1");
  await page.getByRole("button", { name: "Look up" }).click();
  const found = page.getByRole("listitem").filter({ hasText: "order VER-1" });
  await expect(found).toHaveCount(1);
  await found.getByRole("button", { name: "Show" }).click();

  await page.getByLabel("What happened").selectOption("delivered");
  await page.getByLabel("Courier (optional)").fill("Delhivery");
  await page.getByRole("button", { name: "Report outcome" }).click();
  await expect(page.getByText("Outcome recorded.")).toBeVisible();
});

test("test mode verifies the sample addresses for free", async ({ page }) => {
  await page.goto("/verify");
  await page.getByLabel("Test: sample addresses only, free").check();
  await page.getByLabel("Sample address", { exact: true }).selectOption({ label: "HOLD: 12 Park Street, Kolkata, Tamil Nadu 700016" });
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("12 Park Street, Kolkata, Tamil Nadu 700016");
  await page.getByRole("button", { name: "Verify (test)" }).click();
  await expect(page.getByTestId("decision")).toHaveText(/HOLD/);
  await expect(page.getByText(/ver_test_/)).toBeVisible();

  await page.getByLabel("Address", { exact: true }).fill("221B Baker Street, London");
  await page.getByRole("button", { name: "Verify (test)" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "The address was not verified" });
  await expect(failure).toContainText("Test keys can verify only the documented fixture addresses");
  await expect(failure).toContainText("test_fixture_required");
  await expect(failure).toContainText(/request id req_[0-9A-Za-z]{20}/);
});
