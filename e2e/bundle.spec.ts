import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The console's pages reach the domain only through the tRPC procedures: no module of server/ may be
 * bundled into the Next.js build (it would run a second copy of the domain in the process). The
 * domain's error messages stand for its modules: none may appear in any chunk of the e2e build.
 */
function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => (e.isFile() && pattern.test(e.name) ? [path.join(e.parentPath, e.name)] : []));
}

const domainMessages = files("server", /\.ts$/)
  .filter((f) => !f.includes(`${path.sep}generated${path.sep}`) && !/\.test\.ts$/.test(f))
  .flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/new DakiyaError\(\s*"[a-z_]+",\s*[`"]([^`"$\\]{20,})/g)].map((m) => m[1]!));

test("no domain module is bundled into the Next.js build", () => {
  expect(domainMessages.length).toBeGreaterThan(30);
  const chunks = files(path.join(".next", "e2e"), /\.(js|mjs|cjs)$/);
  expect(chunks.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const chunk of chunks) {
    const text = fs.readFileSync(chunk, "utf8");
    for (const message of domainMessages) if (text.includes(message)) found.push(`${chunk}: "${message}"`);
  }
  expect(found).toEqual([]);
});
