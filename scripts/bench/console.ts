/**
 * The console's first load of /batches in the production build: JavaScript transferred (CDP's encoded
 * bytes for every script) and the navigation's timings in Chromium (Debian's /usr/bin/chromium), for a
 * signed-in owner with a cold cache. The server is the e2e one (e2e/serve.ts: build, fresh PGlite, seed).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

process.env.DAKIYA_E2E_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-bench-console-"));
const { E2E } = await import("../../e2e/env");
const base = `http://localhost:${E2E.port}`;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/sign-in`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the console server did not start");
}

async function main() {
  const server = spawn(process.execPath, ["--import", "tsx", "e2e/serve.ts"], { env: process.env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitForServer();
    const seed = JSON.parse(fs.readFileSync(E2E.seedFile, "utf8"));
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    const context = await browser.newContext();
    const signIn = await context.newPage();
    await signIn.goto(`${base}/sign-in`);
    await signIn.getByLabel("Email").fill(seed.acme.console.email);
    await signIn.getByLabel("Password").fill(seed.acme.console.password);
    await signIn.getByRole("button", { name: /sign in/i }).click();
    await signIn.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    await signIn.close();

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
    await browser.close();
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
