import fs from "node:fs";
import Papa from "papaparse";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, seed, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

/**
 * 30 orders that the simulator and the decision engine answer in different ways: a house number and a
 * known pincode (SHIP), no house number (REVIEW), an unknown pincode or no address at all (HOLD), and
 * the simulator's SIMULATE_500 trigger word (the row fails once its retries are spent).
 */
const ORDERS: { order_id: string; address: string }[] = Array.from({ length: 30 }, (_, i) => {
  const n = i + 1;
  const order_id = `MIX-${String(n).padStart(2, "0")}`;
  if (n % 15 === 0) return { order_id, address: `House ${n}, MG Road, Bengaluru 560001 SIMULATE_500` };
  if (n % 5 === 0) return { order_id, address: `qwrtp zxcvb ${"mnbv".repeat((n % 3) + 1)}` };
  if (n % 4 === 0) return { order_id, address: `${n} Some Street, Nowhere 9999${String(n).padStart(2, "0")}` };
  if (n % 3 === 0) return { order_id, address: `${n * 10} Feet Road, Indiranagar, Bengaluru 560038` };
  return { order_id, address: `Flat ${n}, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066` };
});

type CsvRow = Record<string, string>;

function parseCsv(text: string): CsvRow[] {
  return Papa.parse<CsvRow>(text, { header: true, skipEmptyLines: true }).data;
}

/** The batch's results as the REST API gives them to a live key. */
async function restResults(request: APIRequestContext, batchId: string): Promise<CsvRow[]> {
  const res = await request.get(`/api/v1/batches/${batchId}/download`, { headers: { authorization: `Bearer ${seed().acme.live_key}` } });
  expect(res.status()).toBe(200);
  return parseCsv(await res.text());
}

let batchId: string;
let rest: CsvRow[];

test.beforeAll(async ({ request }) => {
  const created = await request.post("/api/v1/addresses/verify/batch", { headers: { authorization: `Bearer ${seed().acme.live_key}` }, data: { addresses: ORDERS } });
  expect(created.status()).toBe(202);
  batchId = ((await created.json()) as { batch_id: string }).batch_id;
});

async function openBatch(page: Page) {
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByTestId("batch-status")).toHaveText(/Completed/, { timeout: 60_000 });
  rest ??= await restResults(page.request, batchId);
}

const count = (rows: CsvRow[], decision: string) => rows.filter((r) => r.decision === decision).length;

test("the chart's numbers are the API's; filter HOLD, download and copy those rows; search an order id; open a row and report its outcome", async ({ page, context }) => {
  await openBatch(page);
  expect(rest).toHaveLength(30);
  // Sent through the API without a name: the page is headed by its id.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Batch ${batchId}`);
  await expect(page).toHaveTitle(`Batch ${batchId} · Dakiya`);
  const chart = page.getByRole("figure");
  for (const d of ["SHIP", "REVIEW", "HOLD"]) {
    expect(count(rest, d)).toBeGreaterThan(0);
    await expect(chart.locator(`[data-decision-count="${d}"]`)).toHaveText(String(count(rest, d)));
  }
  expect(rest.filter((r) => r.status === "failed").map((r) => r.order_id)).toEqual(["MIX-15", "MIX-30"]);
  await expect(chart.locator('[data-row-count="failed"]')).toHaveText("2");
  await expect(chart.locator('[data-row-count="cancelled"]')).toHaveText("0");
  await expect(page.getByTestId("matching")).toHaveText("30 rows match.");
  // The failed rows say why in words.
  for (const failed of rest.filter((r) => r.status === "failed")) {
    const row = page.locator(`tr[data-row="${failed.row}"]`);
    await expect(row.getByTestId("row-decision")).toHaveText(/Failed/);
    await expect(row.getByTestId("row-why")).toHaveText(/^[A-Z][\w' ]+ [\w' ]+ [\w' ]+.*\.$/);
    await expect(row.getByTestId("row-why")).not.toContainText(failed.error_code!);
  }
  await shot(page, "batch-results");
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing but the table scrolls sideways on a phone, from the moment the window is narrowed: the
  // decision chart keeps its 1280 px drawing until its ResizeObserver has fired, and its box clips it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "batch-results-phone");
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // HOLD only: every row shown is HOLD with its reasons in words, not codes.
  const hold = rest.filter((r) => r.decision === "HOLD");
  await page.getByRole("checkbox", { name: "HOLD" }).check();
  await expect(page.getByTestId("matching")).toHaveText(`${hold.length} rows match the filters.`);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(hold.length);
  for (let i = 0; i < hold.length; i++) {
    const row = rows.nth(i);
    await expect(row.getByTestId("row-decision")).toHaveText(/HOLD/);
    const why = (await row.getByTestId("row-why").innerText()).trim();
    expect(why.length).toBeGreaterThan(10);
    expect(why).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  }
  await expect(page.locator('tr[data-row="4"] [data-testid="row-why"]')).toHaveText(/Pincode 999904 is not in India Post's directory/);
  await shot(page, "batch-results-hold");
  await expectAccessible(page);

  // The download has just those rows, as the REST download has them.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Download these ${hold.length} rows (CSV)` }).click()]);
  const filtered = parseCsv(fs.readFileSync(await download.path(), "utf8"));
  expect(filtered).toEqual(hold);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy order ids" }).click();
  await expect(page.getByText(`Copied ${hold.length} order ids, one a line.`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hold.map((r) => r.order_id).join("\n"));

  // Lowest score first: a HOLD row leads whatever the filter.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Sort by").selectOption({ label: "Score, lowest first" });
  await expect(rows.first().getByTestId("row-decision")).toHaveText(/HOLD/);

  // Search one order id, open it, report what happened to the parcel.
  await page.getByLabel("Order id contains").fill("MIX-07");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("matching")).toHaveText("1 row matches the filters.");
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Open row 7, order MIX-07" }).click();
  const dialog = page.getByRole("dialog", { name: "Row 7, order MIX-07" });
  await expect(dialog.getByTestId("decision")).toHaveText(new RegExp(rest[6]!.decision!));
  await expect(dialog.getByText(rest[6]!.verification_id!)).toBeVisible();
  await expect(dialog.getByTestId("digipin")).toBeVisible();
  await dialog.getByLabel("What happened").selectOption("delivered");
  await dialog.getByRole("button", { name: "Report outcome" }).click();
  await expect(dialog.getByText("Outcome recorded.")).toBeVisible();
  await shot(page, "batch-row");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Open row 7, order MIX-07" }).click();
  await expect(page.getByRole("dialog").getByText("Already reported: delivered.")).toBeVisible();
});

test("on a phone, the page as the server sends it is no wider than the screen before its scripts run", async ({ browser }) => {
  // The chart is drawn at 640 px until the browser has measured its box.
  const context = await browser.newContext({ storageState: E2E.state.owner, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByRole("img", { name: /^Decisions of the verified rows/ })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test.describe("a viewer", () => {
  test.use({ storageState: E2E.state.viewer });

  test("sees the rows and a row's verification but cannot report its outcome", async ({ page }) => {
    await openBatch(page);
    await expect(page.getByTestId("matching")).toHaveText("30 rows match.");
    await expect(page.locator("tbody tr")).toHaveCount(30);
    await page.getByRole("button", { name: "Open row 1, order MIX-01" }).click();
    const dialog = page.getByRole("dialog", { name: "Row 1, order MIX-01" });
    await expect(dialog.getByTestId("decision")).toHaveText(new RegExp(rest[0]!.decision!));
    await expect(dialog.getByText("Viewers cannot report outcomes.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Report outcome" })).toHaveCount(0);
  });
});
