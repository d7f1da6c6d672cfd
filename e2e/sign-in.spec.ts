import { expect, test } from "@playwright/test";
import { expectAccessible, seed, shot, signIn } from "./helpers";

test("a wrong password is refused in words; the owner signs in and out", async ({ page }) => {
  const { acme } = seed();
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/sign-in$/);
  await shot(page, "sign-in");
  await expectAccessible(page);

  await page.getByLabel("Email").fill(acme.console.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "wrong" })).toHaveText("The email or the password is wrong. Check both and try again.");

  await signIn(page, acme.console.email, acme.console.password);
  await expect(page.getByText("Acme Retail")).toBeVisible();
  await expect(page.getByText(`${acme.console.email} · Owner`)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/keys");
  await expect(page).toHaveURL(/\/sign-in$/);
});
