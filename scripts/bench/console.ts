/**
 * The console in the production build, in Chromium (Debian's /usr/bin/chromium), for a signed-in owner:
 * - the first load of /batches: JavaScript transferred (CDP's encoded bytes for every script) and the
 *   navigation's timings, cold and warm cache;
 * - the page of a finished 1000-row batch, opened from a tab showing the batch list (as a member opens
 *   it) by its address (cold and warm cache) and by clicking it in the list: time to the first page of
 *   rows on screen (Element Timing), the median of several navigations; and from a change of the
 *   decision filter to the filtered rows painted (target under 300 ms each).
 * The server is the e2e one (e2e/serve.ts: build, fresh PGlite, seed, the simulator at 200 ms a call).
 * Figures are printed, never asserted.
 */
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { DECISIONS } from "../../lib/words";
import { finishedBatch, runBench, signIn, startConsoleServer } from "./console-server";

const server = await startConsoleServer("console");
const { base } = server;

/**
 * 1000 rows: 800 with an unknown pincode (HOLD, decided without the provider, so the batch finishes in
 * seconds), 100 without a house number (REVIEW) and 100 complete (SHIP).
 */
function thousandRows() {
  return Array.from({ length: 1000 }, (_, i) => {
    const order_id = `BENCH-${i + 1}`;
    if (i % 10 === 3) return { order_id, address: `${i} Feet Road, Indiranagar, Bengaluru 560038` };
    if (i % 10 === 7) return { order_id, address: `Flat ${i}, Prestige Shantiniketan, Whitefield Main Road, Bengaluru, Karnataka 560066` };
    return { order_id, address: `${i} Some Street, Nowhere 999${String(i % 1000).padStart(3, "0")}` };
  });
}

/**
 * Records when the first page of rows is on screen, on the document's clock (openBatch subtracts the
 * click, or counts from the navigation's start): the browser's own Element Timing entry for a row's
 * number cell (`elementtiming="batch-row"`), whose render time is when the frame that first drew it
 * was presented. A row React streamed into a hidden holder is not drawn, so it counts only once
 * revealed.
 */
function watchFirstRows() {
  // Chromium's entry type; TypeScript's DOM library does not describe it yet.
  type PerformanceElementTiming = PerformanceEntry & { identifier: string; renderTime: number };
  new PerformanceObserver((list, observer) => {
    const row = list.getEntries().find((e) => (e as PerformanceElementTiming).identifier === "batch-row") as PerformanceElementTiming | undefined;
    if (!row) return;
    observer.disconnect();
    (window as unknown as { firstRowsAt: number }).firstRowsAt = row.renderTime || row.startTime;
  }).observe({ type: "element", buffered: true });
}

/** Resolves when the tab's main thread has been idle once (React has hydrated, the fonts are up). */
function idle(): Promise<void> {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 }));
}

/**
 * Ticks or unticks one decision box and resolves with the milliseconds until the table shows the new
 * filter's rows, painted: only the ticked decisions (all three when none is), each of them present on
 * the page.
 */
function changeFilter({ decision, decisions }: { decision: string; decisions: readonly string[] }): Promise<number> {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  const box = boxes.find((b) => b.parentElement!.textContent.trim() === decision)!;
  const ticked = boxes.filter((b) => b.checked !== (b === box)).map((b) => b.parentElement!.textContent.trim());
  const wanted = new Set(ticked.length ? ticked : decisions);
  return new Promise((resolve) => {
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const shown = new Set([...document.querySelectorAll('[data-testid="row-decision"]')].map((c) => c.textContent.replace(/[^A-Z]/g, "")));
      if ([...shown].every((d) => wanted.has(d)) && [...wanted].every((d) => shown.has(d))) {
        observer.disconnect();
        requestAnimationFrame(() => {
          const afterPaint = new MessageChannel();
          afterPaint.port1.onmessage = () => resolve(performance.now() - started);
          afterPaint.port2.postMessage(null);
        });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    box.click();
  });
}

/** Shows the batch list in the member's tab and waits until the tab is idle, as it is before they open a batch. */
async function showBatchList(tab: Page) {
  await tab.goto(`${base}/batches`, { waitUntil: "networkidle" });
  await tab.evaluate(idle);
}

/** Navigations per figure: one navigation's time on this shared machine varies by a factor of two. */
const TRIALS = 5;

/** "median N ms (min–max over K)" of several trials. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((x, y) => x - y);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)} over ${sorted.length})`;
}

type Way = "address, cold cache" | "address, warm cache" | "click";

/**
 * Opens the batch page from the batch list in the member's tab: by its address (a full page load) or
 * by clicking its link in the list; when its first rows were on screen, and when its HTML began.
 */
async function openBatch(tab: Page, batchId: string, how: Way) {
  await showBatchList(tab);
  if (how === "click") {
    // The tab's own watcher (watchFirstRows) is still waiting: the list has no result rows. No
    // hover first, so no prefetch helps.
    const clicked = await tab.evaluate((id) => {
      const at = performance.now();
      document.querySelector<HTMLAnchorElement>(`a[href="/batches/${id}"]`)!.click();
      return at;
    }, batchId);
    const shown = Number(await (await tab.waitForFunction(() => (window as unknown as { firstRowsAt?: number }).firstRowsAt, undefined, { timeout: 60_000, polling: 100 })).jsonValue());
    return { shown: shown - clicked, html: NaN };
  }
  await tab.goto(`${base}/batches/${batchId}`);
  await tab.waitForFunction(() => (window as unknown as { firstRowsAt?: number }).firstRowsAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
  const t = await tab.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    // The page renders its first rows on the server; a request for them means it no longer does.
    const asked = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).some((e) => e.name.includes("console.batchResults.rows"));
    return { shown: (window as unknown as { firstRowsAt: number }).firstRowsAt, html: nav.responseStart, asked };
  });
  if (t.asked) throw new Error("the batch page asked for its first rows instead of rendering them on the server");
  return { shown: t.shown, html: t.html };
}

/**
 * The batch page in one tab, as a member's: opened once before the clock (the server's first render
 * of it, and Chromium setting up a new window: its browser UI's own renderer, the omnibox popup, keeps
 * a core busy for a second or two after the tab first loads, which a tab per navigation put inside
 * every measurement), then five times each way. The cold-cache navigations run with the tab's HTTP
 * cache disabled.
 */
async function batchPage(context: BrowserContext, liveKey: string) {
  const started = Date.now();
  const batchId = await finishedBatch(base, liveKey, thousandRows());
  console.log(`1000-row batch ${batchId} finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await context.addInitScript(watchFirstRows);
  const tab = await context.newPage();
  await openBatch(tab, batchId, "address, warm cache");
  await tab.waitForTimeout(2_000);
  const cdp = await context.newCDPSession(tab);
  for (const how of ["address, cold cache", "address, warm cache", "click"] as const) {
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: how === "address, cold cache" });
    const shown: number[] = [];
    const html: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const opened = await openBatch(tab, batchId, how);
      shown.push(opened.shown);
      html.push(opened.html);
    }
    const since = how === "click" ? "the click" : "navigation start";
    console.log(
      `/batches/{id} with 1000 rows, opened from the batch list by ${how}: first page of rows on screen ${spread(shown)} after ${since} (target < 300 ms)` +
        (how === "click" ? "" : `; the page's HTML began ${spread(html)}`),
    );
  }
  await tab.goto(`${base}/batches/${batchId}`);
  // The filters answer once React has taken the server-rendered page over: the checkboxes carry their
  // props from the hydration render on, but a click before that render is committed is lost, so the
  // main thread must also have gone idle once.
  await tab.waitForFunction(() => Object.keys(document.querySelector('input[type="checkbox"]') ?? {}).some((k) => k.startsWith("__reactProps")), undefined, { timeout: 30_000 });
  await tab.evaluate(idle);
  // The first three are filters not asked before (answered by the server); the last, back to no filter, may come from the client's cache.
  const changes: string[] = [];
  for (const [decision, shows] of [
    ["HOLD", "HOLD"],
    ["SHIP", "HOLD+SHIP"],
    ["HOLD", "SHIP"],
    ["SHIP", "all"],
  ]) {
    changes.push(`${shows} ${(await tab.evaluate(changeFilter, { decision: decision!, decisions: DECISIONS })).toFixed(0)} ms`);
  }
  console.log(`/batches/{id} with 1000 rows: decision filter changed → filtered rows painted in ${changes.join(", ")} (target < 300 ms)`);
  await tab.close();
}

async function main() {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const context = await browser.newContext();
  const signInPage = await context.newPage();
  await signIn(signInPage, server);
  await signInPage.close();

  for (const run of ["first (cold cache)", "second (warm cache)"]) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Set<string>();
    let jsBytes = 0;
    let allBytes = 0;
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.add(e.requestId);
    });
    cdp.on("Network.loadingFinished", (e) => {
      allBytes += e.encodedDataLength;
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    if (run.startsWith("first")) await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await page.goto(`${base}/batches`, { waitUntil: "networkidle" });
    const t = await page.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return { ttfb: n.responseStart, interactive: n.domInteractive, contentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd };
    });
    console.log(
      `/batches ${run}: JavaScript transferred ${(jsBytes / 1024).toFixed(0)} KiB in ${scripts.size} scripts (all ${(allBytes / 1024).toFixed(0)} KiB); ` +
        `TTFB ${t.ttfb.toFixed(0)} ms, DOM interactive ${t.interactive.toFixed(0)} ms, DOMContentLoaded ${t.contentLoaded.toFixed(0)} ms, load ${t.load.toFixed(0)} ms`,
    );
    await page.close();
  }
  await batchPage(context, server.seed.acme.live_key);
  await browser.close();
}

runBench(server, main);
