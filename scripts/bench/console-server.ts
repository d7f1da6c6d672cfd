/**
 * The e2e console server for the browser benches (console.ts, outcomes-upload.ts): e2e/serve.ts builds the production
 * app, seeds a fresh PGlite through the CLI and serves it on DAKIYA_E2E_PORT (3210 unless set).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Seed } from "../../e2e/env";

export interface ConsoleServer {
  base: string;
  seed: Seed;
  stop(): void;
}

/** Starts e2e/serve.ts in a new directory and waits for it: its `next build` can take ten minutes on a loaded machine. */
export async function startConsoleServer(name: string): Promise<ConsoleServer> {
  process.env.DAKIYA_E2E_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `dakiya-bench-${name}-`));
  const { E2E } = await import("../../e2e/env");
  const base = `http://localhost:${E2E.port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "e2e/serve.ts"], { env: process.env, stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => server.kill("SIGTERM");
  for (let i = 0; i < 2400; i++) {
    const up = await fetch(`${base}/sign-in`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, seed: JSON.parse(fs.readFileSync(E2E.seedFile, "utf8")) as Seed, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("the console server did not start");
}

/** Runs a browser bench, then stops the server whatever happened; a failure is printed and exits 1. */
export function runBench(server: ConsoleServer, bench: () => Promise<void>): void {
  bench()
    .finally(() => server.stop())
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}

/** Queues a live batch and waits until it is finished; its id. */
export async function finishedBatch(base: string, liveKey: string, addresses: Array<{ order_id: string; address: string }>): Promise<string> {
  const headers = { authorization: `Bearer ${liveKey}`, "content-type": "application/json" };
  const created = await fetch(`${base}/api/v1/addresses/verify/batch`, { method: "POST", headers, body: JSON.stringify({ addresses }) });
  if (created.status !== 202) throw new Error(`batch not queued: ${created.status} ${await created.text()}`);
  const { batch_id } = (await created.json()) as { batch_id: string };
  for (let i = 0; i < 600; i++) {
    // A poll the loaded machine drops (one ECONNRESET was seen) is polled again; a server that is gone fails all 600.
    const progress = (await fetch(`${base}/api/v1/batches/${batch_id}`, { headers })
      .then((r) => r.json())
      .catch((err: Error) => ({ status: `unreachable (${err.message})` }))) as { status: string };
    if (progress.status === "completed") return batch_id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`batch ${batch_id} did not finish in five minutes`);
}

/** Signs the seeded owner in on `page`. */
export async function signIn(page: Page, { base, seed }: ConsoleServer): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(seed.acme.console.email);
  await page.getByLabel("Password").fill(seed.acme.console.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
}
