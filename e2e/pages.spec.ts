import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

test("overview, usage and members render with the workspace's figures, on a desktop and a phone", async ({ page }) => {
  await page.goto("/overview");
  await expect(page.getByRole("heading", { name: "Usage this month" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Units used per day\./ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent batches" })).toBeVisible();
  await expect(page.getByText("Working normally")).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await shot(page, "overview");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Usage and plan", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Plan: starter" })).toBeVisible();
  await expect(page.getByText("5,000 units included each month.")).toBeVisible();
  await shot(page, "usage");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Members", exact: true }).click();
  await expect(page.getByText("viewer@acme.test", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("packer@acme.test");
  await page.getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByLabel("Password for packer@acme.test")).toHaveValue(/^[0-9A-Za-z]{20}$/);
  await page.getByRole("button", { name: "Done" }).click();
  const packer = page.getByRole("listitem").filter({ hasText: "packer@acme.test" });
  await expect(packer).toContainText("Viewer");
  await shot(page, "members");
  await expectAccessible(page);
  await packer.getByRole("button", { name: "Remove packer@acme.test" }).click();
  await packer.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText("packer@acme.test")).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/overview");
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  await shot(page, "overview-phone");
  await expectAccessible(page);
});
