import fs from "node:fs";
import Papa from "papaparse";
import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { csvFile, seed, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

const ADDRESSES = [
  "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066",
  "H.No. 12-2-823/A, Mehdipatnam, Hyderabad, Telangana 500028",
  "B-204, Sector 62, Noida, Uttar Pradesh 201309",
  "100 Feet Road, Indiranagar, Bengaluru 560038",
];

test("upload a courier's CSV: the columns matched, the courier's words shown as outcomes, the valid rows recorded and the skipped ones downloadable", async ({ page, request }) => {
  const run = Date.now().toString(36);
  const order = (i: number) => `SHP-${run}-${i}`;
  for (const [i, address] of ADDRESSES.entries()) {
    const res = await request.post("/api/v1/addresses/verify", { headers: { authorization: `Bearer ${seed().acme.live_key}` }, data: { address, order_id: order(i + 1) } });
    expect(res.status()).toBe(200);
  }
  const before = await (await request.get("/api/v1/analytics/outcomes", { headers: { authorization: `Bearer ${seed().acme.live_key}` } })).json();

  await page.goto("/outcomes");
  await page.getByLabel("Courier's CSV file").setInputFiles(
    csvFile("delhivery-24-nov.csv", [
      ["AWB", "Order No", "Current Status", "Courier Partner", "Delivered On"],
      ["111", order(1), "Delivered", "Delhivery", "24/11/2026"],
      ["112", order(2), "Returned to Origin", "Delhivery", "23/11/2026"],
      ["113", order(3), "Teleported", "Delhivery", ""],
      ["114", order(4), "RTO", "Delhivery", ""],
      ["115", "NO-SUCH-ORDER", "Delivered", "Delhivery", ""],
      ["116", order(1), "Delivered", "Delhivery", ""],
    ]),
  );
  await expect(page.getByLabel("Order id column")).toHaveValue("Order No");
  await expect(page.getByLabel("Outcome column (required)")).toHaveValue("Current Status");
  await expect(page.getByLabel("Courier column (optional)")).toHaveValue("Courier Partner");
  await expect(page.getByLabel("Date column (optional)")).toHaveValue("Delivered On");

  const words = page.getByRole("table", { name: "How the courier's words are read" });
  await expect(words.getByRole("row", { name: /^Delivered delivered 3$/ })).toBeVisible();
  await expect(words.getByRole("row", { name: /^Returned to Origin rto 1$/ })).toBeVisible();
  await expect(words.getByRole("row", { name: /^RTO rto 1$/ })).toBeVisible();
  await expect(words.getByRole("row", { name: /^Teleported ✕ not known: rows skipped 1$/ })).toBeVisible();
  await expect(page.getByTestId("skipped-outcomes")).toContainText(`Row 3 (${order(3)}): The outcome "Teleported" is not one we know.`);
  await shot(page, "outcomes-upload", page.locator("section").filter({ has: page.getByRole("heading", { name: "Report outcomes from a courier's CSV" }) }));

  await page.getByRole("button", { name: "Submit the 5 valid rows" }).click();
  await expect(page.getByTestId("outcomes-recorded")).toHaveText("3 outcomes recorded, 1 already reported (duplicates, unchanged), 2 not recorded.");
  await expect(page.getByTestId("skipped-outcomes")).toContainText('Row 5 (NO-SUCH-ORDER): No live verification with order_id "NO-SUCH-ORDER" in this workspace.');

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the 2 skipped rows (CSV)" }).click()]);
  const skipped = Papa.parse<Record<string, string>>(fs.readFileSync(await download.path(), "utf8"), { header: true, skipEmptyLines: true });
  expect(skipped.data.map((r) => [r.row, r.order_id])).toEqual([
    ["3", order(3)],
    ["5", "NO-SUCH-ORDER"],
  ]);

  const after = await (await request.get("/api/v1/analytics/outcomes", { headers: { authorization: `Bearer ${seed().acme.live_key}` } })).json();
  expect(after.outcomes - before.outcomes).toBe(3);
});

test("refuses what it cannot take: an empty file, a file of 1001 rows", async ({ page }) => {
  await page.goto("/outcomes");
  await page.getByLabel("Courier's CSV file").setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("") });
  await expect(page.getByText("Could not read empty.csv as CSV: The file has no header row.")).toBeVisible();

  const rows = Array.from({ length: 1001 }, (_, i) => [`BULK-${i + 1}`, "Delivered"]);
  await page.getByLabel("Courier's CSV file").setInputFiles(csvFile("big.csv", [["order_id", "status"], ...rows]));
  await expect(page.getByText("This file has 1,001 valid rows; one upload takes at most 1,000.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit 1,001 rows" })).toBeDisabled();
});
