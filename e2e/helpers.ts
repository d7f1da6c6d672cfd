import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { E2E, type Seed } from "./env";

export function seed(): Seed {
  return JSON.parse(fs.readFileSync(E2E.seedFile, "utf8")) as Seed;
}

/**
 * A screenshot kept under test-results/screenshots/ (docs/console.md's pictures come from here): the
 * whole page, or only `part` of it when the page is much longer than what the picture is about.
 */
export async function shot(page: Page, name: string, part?: Locator): Promise<void> {
  const path = `test-results/screenshots/${name}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

/** The rules the console and the buyer's page are held to: WCAG 2.1 levels A and AA. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core on the page as it stands: fails on any serious or critical WCAG 2.1 A/AA violation,
 * naming each rule and the elements it found. Every spec calls it on each page it shows.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}, at ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/overview");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
}

/** A CSV file for the upload input, from rows of cells. */
export function csvFile(name: string, rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const text = rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\n");
  return { name, mimeType: "text/csv", buffer: Buffer.from(`${text}\n`) };
}

/** Calls a console tRPC procedure directly with the page's session, as a browser script could. */
export async function trpc(page: Page, path: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  const url = `/api/trpc/${path}`;
  const res =
    kind === "query"
      ? await page.request.get(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await page.request.post(url, { data: input, headers: { "content-type": "application/json" } });
  return {
    status: res.status(),
    headers: res.headers(),
    body: (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: { api: { code: string; requestId: string } } } },
  };
}
