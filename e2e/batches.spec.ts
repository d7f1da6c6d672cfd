import fs from "node:fs";
import Papa from "papaparse";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { csvFile, expectAccessible, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

const ORDERS: [string, string, string][] = [
  ["ORD-1", "Asha Rao", "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066"],
  ["ORD-2", "Imran Khan", "H.No. 12-2-823/A, Mehdipatnam, Hyderabad, Telangana 500028"],
  ["ORD-3", "Meera Iyer", "B-204, Sector 62, Noida, Uttar Pradesh 201309"],
  ["ORD-4", "Ravi Das", "100 Feet Road, Indiranagar, Bengaluru 560038"],
  ["ORD-5", "Sunita Devi", "Near Shiv Mandir, Village Rampur, Distt. Sitapur, UP 261001"],
];

/** Drops a file on the drop zone the way a browser does, with a DataTransfer. */
async function dropFile(page: Page, name: string, text: string) {
  await page.getByTestId("drop-zone").evaluate(
    (zone, { name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: "text/csv" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

test("upload a CSV, see row errors, preview, submit, follow it to completed and download the results", async ({ page }) => {
  await page.goto("/batches");
  await page.getByRole("link", { name: "New batch" }).click();
  await expect(page.getByRole("heading", { name: "New batch", level: 1 })).toBeVisible();

  // Problems are shown before anything is sent; the rows with them are skipped, listed and downloadable.
  await page.getByLabel("CSV file").setInputFiles(
    csvFile("bad.csv", [
      ["order_id", "address", "payment_method"],
      ["A-1", "", "cod"],
      ["A-2", "tiny", "cod"],
      ["A-3", `12 ${"Long Road ".repeat(30)}`, "cod"],
      ["A-4", ORDERS[0]![2], "bitcoin"],
      ["A-5", ORDERS[1]![2], "UPI"],
    ]),
  );
  await expect(page.getByLabel("Batch name")).toHaveValue("bad.csv");
  await expect(page.getByText("4 rows have problems and will be skipped; the others can go now.")).toBeVisible();
  await expect(page.getByText("Row 1 (order A-1): The address is empty.")).toBeVisible();
  await expect(page.getByText("Row 2 (order A-2): The address is shorter than 5 characters.")).toBeVisible();
  await expect(page.getByText(/Row 3 \(order A-3\): The address is longer than 280 characters/)).toBeVisible();
  await expect(page.getByText(/^Row 4 \(order A-4\): The payment method is "bitcoin"; it must be cod or prepaid, a word for either \(COD, cash on delivery/)).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: /Preview/ })
      .getByRole("row")
      .nth(5),
  ).toContainText("prepaid");
  const [skipped] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the 4 skipped rows (CSV)" }).click()]);
  expect(skipped.suggestedFilename()).toBe("skipped-rows-bad.csv");
  const skippedRows = Papa.parse<Record<string, string>>(fs.readFileSync(await skipped.path(), "utf8"), { header: true, skipEmptyLines: true });
  expect(skippedRows.meta.fields).toEqual(["row", "order_id", "reason"]);
  expect(skippedRows.data.map((r) => [r.row, r.order_id])).toEqual([
    ["1", "A-1"],
    ["2", "A-2"],
    ["3", "A-3"],
    ["4", "A-4"],
  ]);
  expect(skippedRows.data[0]!.reason).toBe("The address is empty.");
  await expect(page.getByRole("button", { name: "Submit the 1 valid row" })).toBeEnabled();

  // The good file, dropped; the columns are matched from the header names.
  const good = csvFile("orders.csv", [["Order Ref", "Customer", "Shipping Address", "Payment Mode", "Order Value"], ...ORDERS.map((o, i) => [...o, i % 2 ? "Prepaid" : "COD", "₹1,499"])]);
  await dropFile(page, good.name, good.buffer.toString());
  await expect(page.getByLabel("Address column (required)")).toHaveValue("Shipping Address");
  await expect(page.getByLabel("Order id column (optional)")).toHaveValue("Order Ref");
  await expect(page.getByLabel(/^Payment method column/)).toHaveValue("Payment Mode");
  await expect(page.getByLabel(/^Order value column/)).toHaveValue("Order Value");
  const preview = page.getByRole("table", { name: /Preview of the first 5 of 5 rows/ });
  await expect(preview.getByRole("row")).toHaveCount(6);
  await expect(preview).toContainText("ORD-3");
  await expect(preview.getByRole("row").nth(1)).toContainText("cod");
  await expect(preview.getByRole("row").nth(2)).toContainText("prepaid");
  await expect(preview.getByRole("row").nth(1)).toContainText("1,499");
  await expect(page.getByText("All 5 rows look right.")).toBeVisible();
  await shot(page, "batch-new");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Submit 5 rows" }).click();
  await expect(page).toHaveURL(/\/batches\/bat_[0-9A-Za-z]+$/);
  const batchId = page.url().split("/").pop()!;
  await expect(page.getByTestId("batch-status")).toHaveText(/Completed/, { timeout: 30_000 });
  await expect(page.locator('[data-counter="succeeded"]')).toHaveText("5");
  await expect(page.getByRole("progressbar", { name: `Progress of batch ${batchId}` })).toHaveAttribute("aria-valuenow", "5");
  await shot(page, "batch");
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download results (CSV)" }).click()]);
  expect(download.suggestedFilename()).toBe(`${batchId}.csv`);
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync(await download.path(), "utf8"), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual([
    "row",
    "order_id",
    "address",
    "status",
    "verification_id",
    "decision",
    "score",
    "validation_level",
    "normalized",
    "pincode",
    "city",
    "state",
    "digipin",
    "reasons",
    "error_code",
  ]);
  expect(csv.data.map((r) => [r.row, r.order_id, r.address, r.status])).toEqual(ORDERS.map(([id, , address], i) => [String(i + 1), id, address, "succeeded"]));
  for (const r of csv.data) {
    expect(r.verification_id).toMatch(/^ver_/);
    expect(["SHIP", "REVIEW", "HOLD"]).toContain(r.decision);
  }

  await page.goto("/batches");
  // An unnamed batch is listed under its file's name, linked to its own page.
  const listed = page.locator(`tr[data-batch="${batchId}"]`);
  await expect(listed.getByRole("link", { name: "orders.csv" })).toHaveAttribute("href", `/batches/${batchId}`);
  await expect(listed).toContainText(batchId);
  const decisions = await Promise.all(["SHIP", "REVIEW", "HOLD"].map(async (d) => Number(await listed.locator(`[data-decision="${d}"]`).textContent())));
  expect(decisions.reduce((a, b) => a + b, 0)).toBe(5);
  expect(decisions[0]).toBeGreaterThan(0);
});

test("a CSV with invalid rows still goes: the valid rows are submitted under the batch's name, listed with their decisions on a 1366 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/batches/new");
  await page.getByLabel("CSV file").setInputFiles(
    csvFile("mixed.csv", [
      ["order_id", "address", "payment"],
      ["M-1", ORDERS[0]![2], "Cash on Delivery"],
      ["M-2", "tiny", "cod"],
      ["M-3", ORDERS[2]![2], "netbanking"],
      ["M-4", ORDERS[4]![2], "wallet"],
    ]),
  );
  await page.getByLabel("Batch name").fill("Monday's orders (Flipkart)");
  await expect(page.getByText("3 of 4 rows look right.")).toBeVisible();
  await page.getByRole("button", { name: "Submit the 3 valid rows" }).click();
  await expect(page).toHaveURL(/\/batches\/bat_[0-9A-Za-z]+$/);
  const batchId = page.url().split("/").pop()!;
  // The batch's own page is headed by its name, as the list shows it, with its id beneath.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Monday's orders (Flipkart)");
  await expect(page.getByText(`Batch ${batchId}`, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Monday's orders (Flipkart) · Dakiya");
  await expect(page.getByTestId("batch-status")).toHaveText(/Completed/, { timeout: 30_000 });
  await expect(page.locator('[data-counter="succeeded"]')).toHaveText("3");

  await page.goto("/batches");
  const listed = page.locator(`tr[data-batch="${batchId}"]`);
  await expect(listed.getByRole("link", { name: "Monday's orders (Flipkart)" })).toBeVisible();
  const decisions = await Promise.all(["SHIP", "REVIEW", "HOLD"].map(async (d) => Number(await listed.locator(`[data-decision="${d}"]`).textContent())));
  expect(decisions.reduce((a, b) => a + b, 0)).toBe(3);
  // Every column fits: the table needs no sideways scrolling at 1366 px.
  const table = page.getByRole("table", { name: "Batches, newest first" });
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  await expect(listed.locator("td").last()).toBeInViewport();
  await shot(page, "batches");
  await expectAccessible(page);
});

test("cancel a running batch", async ({ page }) => {
  // 300 rows through a simulator answering in 200 ms, four at a time: about 15 s of work.
  const rows = Array.from({ length: 300 }, (_, i) => [`BULK-${i + 1}`, `House ${i + 1}, 5th Cross, Jayanagar 4th Block, Bengaluru 560011`]);
  await page.goto("/batches/new");
  await page.getByLabel("CSV file").setInputFiles(csvFile("bulk.csv", [["order_id", "address"], ...rows]));
  await page.getByRole("button", { name: "Submit 300 rows" }).click();
  await expect(page).toHaveURL(/\/batches\/bat_/);

  await page.getByRole("button", { name: "Cancel batch" }).click();
  await expect(page.getByRole("alertdialog", { name: /Cancel the rows not started yet/ })).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel the batch" }).click();
  await expect(page.getByTestId("batch-status")).toHaveText(/Cancelled/, { timeout: 30_000 });

  const count = async (name: string) => Number(await page.locator(`[data-counter="${name}"]`).textContent());
  expect(await count("cancelled")).toBeGreaterThan(0);
  expect((await count("done")) + (await count("cancelled"))).toBe(300);
  // Cancelled rows are not shown as progress: "300 of 300 settled, N cancelled", not a bar at 100 %.
  const settled = `300 of 300 settled, ${await count("cancelled")} cancelled`;
  await expect(page.getByRole("progressbar", { name: `Progress of batch ${page.url().split("/").pop()}` })).toHaveAttribute("aria-valuetext", settled);
  await expect(page.getByText(settled)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download results (CSV)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel batch" })).toHaveCount(0);
});

test("a 1000-row CSV is read, checked and previewed", async ({ page }) => {
  const rows = Array.from({ length: 1000 }, (_, i) => [`BIG-${i + 1}`, `House ${i + 1}, 12th Main, HAL 2nd Stage, Indiranagar, Bengaluru 560038`]);
  const file = csvFile("big.csv", [["order_id", "address"], ...rows]);
  await page.goto("/batches/new");
  await page.getByLabel("CSV file").setInputFiles(file);
  await expect(page.getByText("All 1,000 rows look right.")).toBeVisible();
  await expect(page.getByRole("table", { name: /Preview of the first 10 of 1,000 rows/ }).getByRole("row")).toHaveCount(11);
  await expect(page.getByRole("button", { name: "Submit 1,000 rows" })).toBeEnabled();
});
