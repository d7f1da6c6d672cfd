import { expect, test } from "@playwright/test";
import { holdScripts } from "./confirm-helpers";
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

test("what is typed before the script loads survives it, and signs in once it has", async ({ page }) => {
  const { acme } = seed();
  const scripts = await holdScripts(page);
  await page.goto("/sign-in", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(acme.console.email);
  await page.getByLabel("Password").fill(acme.console.password);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  // Enter before the script loads sends nothing: never a GET with the password in the URL.
  await page.getByLabel("Password").press("Enter");
  expect(new URL(page.url()).search).toBe("");
  await expect(page.locator("form")).toHaveAttribute("method", "post");

  await scripts.release();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.getByText("Waiting for the page to finish loading.", { exact: false })).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue(acme.console.email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in says it needs the script and never puts the password in a URL", async ({ page }) => {
    const { acme } = seed();
    await page.goto("/sign-in");
    await expect(page.getByText("Waiting for the page to finish loading. If this message stays, turn on JavaScript: signing in needs it.")).toBeVisible();
    await page.getByLabel("Email").fill(acme.console.email);
    await page.getByLabel("Password").fill("a-secret-password");
    await page.getByLabel("Password").press("Enter");
    expect(page.url()).not.toContain("a-secret-password");
    expect(new URL(page.url()).search).toBe("");
  });
});
