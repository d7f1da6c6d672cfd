import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, shot, signIn } from "./helpers";

test.use({ storageState: E2E.state.owner });

const EMAIL = "packer2@acme.test";

test("an owner resets a member's password; the member signs in with it and changes it to their own", async ({ page, browser }) => {
  await page.goto("/members");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Invite" }).click();
  const first = await page.getByLabel(`Password for ${EMAIL}`).inputValue();
  await page.getByRole("button", { name: "Done" }).click();

  const member = page.getByRole("listitem").filter({ hasText: EMAIL });
  await member.getByRole("button", { name: `Reset password of ${EMAIL}` }).click();
  await member.getByRole("button", { name: "Yes, reset" }).click();
  const reset = member.getByLabel(`New password for ${EMAIL}`);
  await expect(reset).toHaveValue(/^[0-9A-Za-z]{20}$/);
  const second = await reset.inputValue();
  expect(second).not.toBe(first);
  await shot(page, "members-reset");
  await expectAccessible(page);
  await member.getByRole("button", { name: "Done" }).click();
  await expect(member.getByLabel(`New password for ${EMAIL}`)).toHaveCount(0);
  // The owner is offered no reset of their own password: they change it with the current one.
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "(you)" })
      .getByRole("button", { name: /^Reset password/ }),
  ).toHaveCount(0);

  // Signed out: the project's owner state would otherwise come with a new context too.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const own = await context.newPage();
  await own.goto("/sign-in");
  await own.getByLabel("Email").fill(EMAIL);
  await own.getByLabel("Password").fill(first);
  await own.getByRole("button", { name: "Sign in" }).click();
  await expect(own.getByRole("alert").filter({ hasText: "wrong" })).toBeVisible();
  await signIn(own, EMAIL, second);

  await own.goto("/members");
  await own.getByLabel("Current password").fill("not-my-password");
  await own.getByLabel("New password").fill("packed-with-care-2026");
  await own.getByRole("button", { name: "Change password" }).click();
  await expect(own.getByRole("alert").filter({ hasText: "current password" })).toHaveText("Your current password is wrong. Check it and try again.");
  await own.getByLabel("Current password").fill(second);
  await own.getByLabel("New password").fill("short");
  await own.getByRole("button", { name: "Change password" }).click();
  // The browser holds a new password under 8 characters back; nothing reaches the server.
  expect(await own.getByLabel("New password").evaluate((e: HTMLInputElement) => e.validity.tooShort)).toBe(true);
  await own.getByLabel("New password").fill("packed-with-care-2026");
  await own.getByRole("button", { name: "Change password" }).click();
  await expect(own.getByRole("status").filter({ hasText: "changed" })).toHaveText("Your password is changed.");
  await expect(own.getByLabel("Current password")).toHaveValue("");
  await expectAccessible(own);
  await own.getByRole("button", { name: "Sign out" }).click();
  // Signing out navigates; the next sign-in must not start while that navigation is under way.
  await expect(own).toHaveURL(/\/sign-in$/);
  await signIn(own, EMAIL, "packed-with-care-2026");
  await context.close();

  await member.getByRole("button", { name: `Remove ${EMAIL}` }).click();
  await member.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText(EMAIL)).toHaveCount(0);
});
