import { expect, test } from "@playwright/test";
import { holdScripts, link, PHONE } from "./confirm-helpers";

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

test("text typed before the script loads survives it, and the form cannot be sent before then", async ({ page, request }) => {
  const c = await link(request);
  const scripts = await holdScripts(page);
  await page.goto(new URL(c.url).pathname, { waitUntil: "domcontentloaded" });
  const house = page.getByLabel("House / flat number");
  await house.fill("फ़्लैट 4बी");
  await expect(page.getByRole("button", { name: "Confirm address" })).toBeDisabled();
  // Enter in a field does not send the form while its button waits for the script: no GET with the address.
  await house.press("Enter");
  expect(new URL(page.url()).search).toBe("");
  await expect(page.locator("form")).toHaveAttribute("method", "post");

  await expect(page.getByText("Waiting for the page to finish loading.", { exact: false })).toBeVisible();
  await scripts.release();
  await expect(page.getByRole("button", { name: "Confirm address" })).toBeEnabled();
  await expect(page.getByText("Waiting for the page to finish loading.", { exact: false })).toHaveCount(0);
  await expect(house).toHaveValue("फ़्लैट 4बी");
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByTestId("confirmed-address")).toHaveText("फ़्लैट 4बी, 100 Feet Road, Indiranagar, Bengaluru, Bengaluru Urban, Karnataka 560038");
  expect((await c.get()).changed).toEqual(["house"]);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the buyer's page says the script is needed and never puts the address in a URL", async ({ page, request }) => {
    const c = await link(request);
    await page.goto(new URL(c.url).pathname);
    await expect(page.getByText("Waiting for the page to finish loading. If this message stays, turn on JavaScript: the page needs it to send your address.")).toBeVisible();
    await page.getByLabel("House / flat number").fill("Flat 8");
    await page.getByLabel("House / flat number").press("Enter");
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("button", { name: "Confirm address" })).toBeDisabled();
    expect((await c.get()).status).toBe("pending");
  });
});

test("a confirmed link shows only that state: not the address, not the buyer's point", async ({ page, request }) => {
  const c = await link(request);
  const sent = await request.post("/api/trpc/confirmations.link.submit", {
    data: {
      token: c.token,
      components: { house: "Flat 31", building: "", street: "100 Feet Road", locality: "Indiranagar", landmark: "", city: "Bengaluru", district: "", state: "Karnataka", pincode: "560038" },
      device: { lat: 12.97838, lng: 77.64079, accuracy_m: 9 },
    },
  });
  expect(sent.status()).toBe(200);
  const response = await page.goto(new URL(c.url).pathname);
  await expect(page.getByRole("heading", { name: "Thank you: your address is confirmed" })).toBeVisible();
  const html = await response!.text();
  for (const text of ["Flat 31", "100 Feet Road", "Indiranagar", "560038", "12.97838", "4P3J2LT95L", "4P3-J2L-T95L"]) expect(html).not.toContain(text);
  await expect(page.getByRole("textbox")).toHaveCount(0);
});
