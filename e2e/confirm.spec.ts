import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import readline from "node:readline";
import Papa from "papaparse";
import { expect, test } from "@playwright/test";
import { link, PHONE, POINT, POINT_DIGIPIN, REVIEW_FIXTURE, shareLocation } from "./confirm-helpers";
import { E2E } from "./env";
import { expectAccessible, seed, shot, trpc } from "./helpers";

test.use(PHONE);

test("the buyer adds a flat number, shares the location and confirms; the API shows the new verification at that point", async ({ page, request, browser }) => {
  const c = await link(request);
  const response = await page.goto(new URL(c.url).pathname);
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response!.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  await expect(page.getByRole("heading", { name: "Confirm your delivery address", level: 1 })).toBeVisible();
  await expect(page.getByTestId("workspace-name")).toHaveText("Acme Retail");
  await expect(page.getByLabel("Street or road")).toHaveValue("100 Feet Road");
  await expect(page.getByLabel("Pincode")).toHaveValue("560038");
  // Nothing of the merchant but its name: no order id, decision or score.
  await expect(page.locator("body")).not.toContainText(/ORD-CONFIRM|REVIEW|score/i);

  await page.getByLabel("House / flat number").fill("Flat 12");
  await shareLocation(page);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByRole("heading", { name: "Thank you: your address is confirmed" })).toBeVisible();
  await expect(page.getByTestId("confirmed-address")).toHaveText("Flat 12, 100 Feet Road, Indiranagar, Bengaluru, Bengaluru Urban, Karnataka 560038");
  await expect(page.getByText("With your location: DIGIPIN 4P3-J2L-T95L.")).toBeVisible();

  const got = await c.get();
  expect(got).toMatchObject({ status: "confirmed", changed: ["house"], device_location: { lat: POINT.latitude, lng: POINT.longitude, accuracy_m: 9, digipin: POINT_DIGIPIN, used: true } });
  // The new verification, as the workspace's console reads it: at the buyer's point, with its DIGIPIN.
  const owner = await browser.newContext({ storageState: E2E.state.owner });
  const found = await trpc(await owner.newPage(), "console.findVerifications", { query: got.new_verification_id }, "query");
  await owner.close();
  expect(found.body.result!.data).toEqual([
    expect.objectContaining({
      verification_id: got.new_verification_id,
      order_id: "ORD-CONFIRM",
      digipin: POINT_DIGIPIN,
      location: { lat: POINT.latitude, lng: POINT.longitude, precision: "device" },
    }),
  ]);

  // A second submission is refused, and the page shows the link's final state only.
  const again = await page.request.post("/api/trpc/confirmations.link.submit", {
    data: { token: c.token, components: { house: "Flat 13", building: "", street: "", locality: "", landmark: "", city: "Bengaluru", district: "", state: "Karnataka", pincode: "560038" } },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { data: { api: { code: string } } } }).error.data.api.code).toBe("confirmation_closed");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank you: your address is confirmed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm address" })).toHaveCount(0);
  // Once confirmed the link shows the state only: whoever opens it later sees neither the address nor the point.
  await expect(page.locator("body")).not.toContainText(/Flat 12|100 Feet Road|4P3-J2L-T95L/);
  expect(await c.get()).toEqual(got);
});

test("the link's Hindi page renders in Devanagari, and the buyer can switch language", async ({ page, request }) => {
  const c = await link(request, { locale: "hi" });
  await page.goto(new URL(c.url).pathname);
  await expect(page.getByRole("heading", { name: "अपना डिलीवरी पता पक्का करें", level: 1 })).toBeVisible();
  await expect(page.getByLabel("मकान / फ़्लैट नंबर")).toBeVisible();
  await expect(page.locator("[lang=hi]").first()).toBeVisible();
  // The page serves its own Devanagari font, so a phone (or this browser) without one still draws the letters.
  for (const weight of [400, 700]) {
    expect(await page.evaluate(async (font) => (await document.fonts.load(font, "पता")).length, `${weight} 16px 'Noto Sans Devanagari'`)).toBeGreaterThan(0);
  }
  await page.evaluate(() => document.fonts.ready);

  await page.getByLabel("मकान / फ़्लैट नंबर").fill("फ़्लैट 4");
  await page.getByRole("button", { name: "मेरी मौजूदा लोकेशन लें" }).click();
  await expect(page.getByTestId("device-digipin")).toHaveText("DIGIPIN 4P3-J2L-T95L, लगभग 9 मीटर तक सटीक।");
  await page.evaluate(() => document.fonts.ready);
  await shot(page, "confirm-hi");
  await expectAccessible(page);

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your delivery address", level: 1 })).toBeVisible();
  await expect(page.getByLabel("House / flat number")).toHaveValue("फ़्लैट 4");
  await page.evaluate(() => document.fonts.ready);
  await shot(page, "confirm-en");
  await expectAccessible(page);
  await page.getByRole("button", { name: "हिन्दी" }).click();
  await page.getByRole("button", { name: "पता पक्का करें" }).click();
  await expect(page.getByRole("heading", { name: "धन्यवाद: आपका पता पक्का हो गया है" })).toBeVisible();
  expect(await c.get()).toMatchObject({ status: "confirmed", changed: ["house"], device_location: { digipin: POINT_DIGIPIN } });
});

test("an unknown link says so in both languages", async ({ page }) => {
  await page.goto("/c/not-a-real-token");
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "यह लिंक सही नहीं है" })).toBeVisible();
});

test("a link past its time shows that it expired and takes nothing (the service's clock moved)", async ({ page, request }) => {
  // A second server over the same production build whose clock this test may move (e2e/confirm-clock-server.ts);
  // starting it (migrations, Next.js) takes most of a minute on a busy machine.
  test.setTimeout(240_000);
  const child = spawn(process.execPath, ["--import", "tsx", "e2e/confirm-clock-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PGLITE_DIR: "memory://",
      NODE_ENV: "production",
      NEXT_DIST_DIR: ".next/e2e",
      LOG_LEVEL: "warn",
      DAKIYA_LOG_REQUESTS: "0",
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      PORT: "0",
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  try {
    const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async (prefix: string) => {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error("the clock server stopped");
        if (value.startsWith(prefix)) return value.slice(prefix.length).trim();
      }
    };
    const { origin, test_key } = JSON.parse(await next("READY")) as { origin: string; test_key: string };
    const c = await link(request, { origin, key: test_key, expires_in_hours: 1 });
    // The link's origin is the configured one (localhost on port 0 here): the page is opened on this server.
    await page.goto(`${origin}${new URL(c.url).pathname}`);
    await expect(page.getByRole("heading", { name: "Confirm your delivery address" })).toBeVisible();
    await page.getByLabel("House / flat number").fill("Flat 3");

    child.stdin.write("advance 3600000\n");
    await next("OK");
    await page.getByRole("button", { name: "Confirm address" }).click();
    await expect(page.getByText("This link takes nothing more: the address was already confirmed, or the link has expired.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm address" })).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(/100 Feet Road|Indiranagar|560038/);
    expect((await c.get()).status).toBe("expired");
  } finally {
    child.kill("SIGTERM");
  }
});

test.describe("the console", () => {
  test.use({ storageState: E2E.state.owner, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("asks the buyer from a verification, then shows the buyer's confirmation and the new verification", async ({ page, browser }) => {
    await page.goto("/verify");
    await page.getByLabel("Test: sample addresses only, free").check();
    await page.getByLabel("Address", { exact: true }).fill(REVIEW_FIXTURE);
    await page.getByRole("button", { name: "Verify (test)" }).click();
    await page.getByRole("button", { name: "Ask the buyer to confirm" }).click();
    const url = await page.getByLabel("Link for the buyer").inputValue();
    expect(url).toMatch(/\/c\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("confirmation")).toContainText("Waiting for the buyer");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText(/Copied to the clipboard|Could not copy/)).toBeVisible();

    const buyer = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: POINT, permissions: ["geolocation"] });
    const phone = await buyer.newPage();
    await phone.goto(url);
    await phone.getByLabel("House / flat number").fill("Flat 21");
    await shareLocation(phone);
    await phone.getByRole("button", { name: "Confirm address" }).click();
    await expect(phone.getByRole("heading", { name: "Thank you: your address is confirmed" })).toBeVisible();
    await buyer.close();

    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByTestId("confirmation")).toContainText("Confirmed by the buyer");
    await expect(page.getByTestId("confirmation")).toContainText("The buyer changed: house.");
    await expect(page.getByTestId("new-verification")).toContainText("DIGIPIN 4P3-J2L-T95L (precision: device)");
  });

  test("makes links for a batch's REVIEW and HOLD rows as a CSV, and shows the rows the buyers confirmed", async ({ page, request, browser }) => {
    const authorization = `Bearer ${seed().acme.live_key}`;
    const addresses = [
      { address: "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066", order_id: "CNF-SHIP" },
      { address: REVIEW_FIXTURE, order_id: "CNF-REVIEW" },
      { address: "asdfgh qwerty 999999", order_id: "=CNF-HOLD" },
    ];
    const created = await request.post("/api/v1/addresses/verify/batch", { headers: { authorization }, data: { addresses } });
    const { batch_id } = (await created.json()) as { batch_id: string };
    await expect.poll(async () => ((await (await request.get(`/api/v1/batches/${batch_id}`, { headers: { authorization } })).json()) as { status: string }).status).toBe("completed");

    await page.goto(`/batches/${batch_id}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Make links and download (CSV)" }).click()]);
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv.split(/\r?\n/)[0]).toBe("order_id,confirmation_id,url,expires_at");
    const rows = Papa.parse<string[]>(csv.trim()).data.slice(1);
    // The REVIEW and the HOLD row, not the SHIP one; an order id a spreadsheet would run as a formula is neutralised.
    expect(rows.map((r) => r[0])).toEqual(["CNF-REVIEW", "'=CNF-HOLD"]);
    const review = rows.find((r) => r[0] === "CNF-REVIEW")!;
    expect(review[1]).toMatch(/^cnf_/);
    await expect(page.getByText(`Downloaded ${rows.length} link`)).toBeVisible();

    const buyer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await buyer.newPage();
    await phone.goto(review[2]!);
    await phone.getByLabel("House / flat number").fill("Flat 5");
    await phone.getByRole("button", { name: "Confirm address" }).click();
    await expect(phone.getByRole("heading", { name: "Thank you: your address is confirmed" })).toBeVisible();
    await buyer.close();

    await page.reload();
    const row = page.locator("tr", { hasText: "CNF-REVIEW" });
    await expect(row.getByTestId("row-confirmation")).toContainText("Confirmed by the buyer");
  });
});
