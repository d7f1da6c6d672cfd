import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, seed, shot } from "./helpers";

test.use({ storageState: E2E.state.owner });

interface Analytics {
  from: string;
  to: string;
  verifications: number;
  outcomes: number;
  synthetic_verifications: number;
  by_decision: { decision: string; return_rate: number | null }[];
  by_reason: { code: string }[];
  by_pincode: { pincode: string }[];
  by_courier: { courier: string }[];
  by_week: { week: string }[];
  calibration: { brier: number | null; bands: { count: number }[] };
}

async function restAnalytics(request: APIRequestContext, query = ""): Promise<Analytics> {
  const res = await request.get(`/api/v1/analytics/outcomes${query}`, { headers: { authorization: `Bearer ${seed().acme.live_key}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Analytics;
}

const n = (v: number) => v.toLocaleString("en-IN");
const share = (v: number | null) => (v === null ? "—" : `${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 }).format(v * 100)}%`);

test("reads the Outcomes page: the API's figures as charts and tables, labelled synthetic, over a chosen period, on a desktop and a phone", async ({ page, request }) => {
  await page.goto("/outcomes");
  await expect(page.getByRole("heading", { name: "Outcomes", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Outcomes", exact: true })).toHaveAttribute("aria-current", "page");
  const last30 = await restAnalytics(request);
  expect(last30.outcomes).toBeGreaterThan(50);
  expect(last30.synthetic_verifications).toBeGreaterThan(0);

  await expect(page.getByLabel("From")).toHaveValue(last30.from);
  await expect(page.getByLabel("To (inclusive)")).toHaveValue(last30.to);
  await expect(page.getByTestId("synthetic-note")).toContainText(`${n(last30.synthetic_verifications)} of the ${n(last30.verifications)} verifications in this period are synthetic`);
  await expect(page.locator('[data-summary="Verifications"]')).toHaveText(n(last30.verifications));
  await expect(page.locator('[data-summary="Outcomes reported"]')).toHaveText(n(last30.outcomes));

  // Every chart is an image named by its figures, with a table beside it.
  await expect(page.getByRole("img", { name: /^Return rate by decision: SHIP / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Delivered share predicted and observed per score band\. Brier score / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Verifications and return rate by week\./ })).toBeVisible();
  for (const d of last30.by_decision) await expect(page.locator(`[data-return-rate="${d.decision}"]`)).toHaveText(share(d.return_rate));
  await expect(page.getByTestId("brier")).toContainText(`Brier score ${last30.calibration.brier!.toFixed(3)}`);

  const reasons = page.getByRole("table", { name: "Return rate by reason code, most verifications first" });
  await expect(reasons.getByRole("row")).toHaveCount(last30.by_reason.length + 1);
  const pincodes = page.getByRole("table", { name: "The 20 pincodes with the most returned parcels" });
  await expect(pincodes.getByRole("row")).toHaveCount(last30.by_pincode.length + 1);
  await expect(pincodes.getByRole("row").nth(1)).toContainText(last30.by_pincode[0]!.pincode);
  const couriers = page.getByRole("table", { name: "Return rate by courier, as reported with the outcomes" });
  await expect(couriers.getByRole("row")).toHaveCount(last30.by_courier.length + 1);

  // A chart's table opens from the keyboard.
  const weeks = page.getByText("Show the weeks as a table");
  await weeks.focus();
  await page.keyboard.press("Enter");
  const weekTable = page.getByRole("table", { name: "Verifications, outcomes and returns by ISO week" });
  await expect(weekTable).toBeVisible();
  await expect(weekTable.getByRole("row")).toHaveCount(last30.by_week.length + 1);
  await shot(page, "outcomes");
  await expectAccessible(page);

  // Another period: the last 90 days, which hold every synthetic order.
  const to = new Date(`${last30.to}T00:00:00Z`);
  const from = new Date(to.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From").fill(from);
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL(`**/outcomes?from=${from}&to=${last30.to}`);
  const last90 = await restAnalytics(request, `?from=${from}&to=${last30.to}`);
  expect(last90.verifications).toBeGreaterThan(last30.verifications);
  await expect(page.locator('[data-summary="Verifications"]')).toHaveText(n(last90.verifications));
  await expect(page.getByTestId("brier")).toContainText(`Brier score ${last90.calibration.brier!.toFixed(3)}`);

  // A period the API refuses is said beside the form.
  await page.goto(`/outcomes?from=${last30.to}&to=${from}`);
  await expect(page.getByTestId("period-error")).toBeVisible();
  await expect(page.getByLabel("From")).toHaveValue(last30.to);

  // On a phone only the tables scroll sideways, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/outcomes");
  await expect(page.getByRole("img", { name: /^Return rate by decision/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "outcomes-phone");
  await expectAccessible(page);
});
