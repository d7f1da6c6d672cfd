import { expect, test } from "@playwright/test";
import { link, PHONE } from "./confirm-helpers";

test.use(PHONE);

test("what the buyer types is shown back as text, never as markup", async ({ page, request }) => {
  const c = await link(request);
  await page.goto(new URL(c.url).pathname);
  const typed = `<b id="typed">Flat 7</b><img src=x onerror="document.title='owned'">`;
  await page.getByLabel("House / flat number").fill(typed);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByTestId("confirmed-address")).toContainText(typed);
  await expect(page.locator("#typed")).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.title()).not.toBe("owned");
  expect((await c.get()).changed).toEqual(["house"]);
});
