import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One temporary directory per run (database, seed, signed-in states), made once by the runner and
// inherited by its workers through the environment.
process.env.DAKIYA_E2E_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-e2e-"));
const { E2E } = await import("./e2e/env");

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E.port}`,
    browserName: "chromium",
    // Debian's Chromium, never a downloaded browser.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    viewport: { width: 1280, height: 800 },
    navigationTimeout: 60_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "console", testMatch: /\.spec\.ts/, dependencies: ["setup"] },
  ],
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    url: `http://localhost:${E2E.port}/sign-in`,
    // `next build` takes most of it.
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM, so e2e/serve.ts stops Next.js and the simulator and removes the run's directory.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
