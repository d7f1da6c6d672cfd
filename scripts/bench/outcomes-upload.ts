/**
 * The Outcomes page's courier-CSV upload in the production build, in Chromium, for a signed-in owner:
 * a 1000-row report (outcomes in the courier's words, for the 1000 orders of a finished batch) chosen
 * in the file input, read and checked in the browser until its words are shown, then submitted until
 * the counts are on screen (target: the whole upload under 5 s). The server is the e2e one
 * (e2e/serve.ts: build, fresh PGlite, seed). Figures are printed, never asserted.
 *
 *   DAKIYA_E2E_PORT=3371 npx tsx scripts/bench/outcomes-upload.ts
 */
import { chromium } from "@playwright/test";
import { finishedBatch, runBench, signIn, startConsoleServer } from "./console-server";

const server = await startConsoleServer("outcomes");
const { base } = server;
const ROWS = 1000;
const WORDS = ["Delivered", "Delivered", "Delivered", "RTO", "Returned to Origin", "Refused", "Undelivered", "Lost"];

/** 1000 live verifications with order ids UP-1…UP-1000: a batch of unknown pincodes (HOLD without the provider, so it finishes in seconds). */
async function verifiedOrders(liveKey: string): Promise<void> {
  const addresses = Array.from({ length: ROWS }, (_, i) => ({ order_id: `UP-${i + 1}`, address: `${i} Some Street, Nowhere 999${String(i % 1000).padStart(3, "0")}` }));
  await finishedBatch(base, liveKey, addresses);
}

function courierCsv(): Buffer {
  const lines = ["AWB,Order No,Current Status,Courier Partner,Delivered On"];
  for (let i = 1; i <= ROWS; i++) lines.push(`${100000 + i},UP-${i},${WORDS[i % WORDS.length]},Delhivery,24/11/2026`);
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function main() {
  await verifiedOrders(server.seed.acme.live_key);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage();
  await signIn(page, server);
  await page.goto(`${base}/outcomes`, { waitUntil: "networkidle" });

  const start = performance.now();
  await page.getByLabel("Courier's CSV file").setInputFiles({ name: "courier-1000.csv", mimeType: "text/csv", buffer: courierCsv() });
  await page.getByRole("button", { name: `Submit ${ROWS.toLocaleString("en-IN")} rows` }).waitFor();
  const read = performance.now();
  await page.getByRole("button", { name: `Submit ${ROWS.toLocaleString("en-IN")} rows` }).click();
  const counts = await page.getByTestId("outcomes-recorded").textContent();
  const done = performance.now();
  console.log(
    `Outcomes upload of a ${ROWS}-row courier CSV (production build, PGlite): read, checked and its words shown in ${(read - start).toFixed(0)} ms; ` +
      `submitted to counts on screen in ${(done - read).toFixed(0)} ms; whole upload ${(done - start).toFixed(0)} ms (target < 5000 ms). "${counts}"`,
  );
  await browser.close();
}

runBench(server, main);
