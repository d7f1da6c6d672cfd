import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The house's import boundaries (eslint.config.mjs, docs/decisions.md "The house"), each broken on purpose
// in a real file of its floor, and once kept, through the project's own ESLint configuration. Only the
// boundary rule runs, so the parser needs no type information (which takes a minute to build).
const eslint = new ESLint({
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "@typescript-eslint/no-restricted-imports",
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("the house's import boundaries", () => {
  it.each([
    ["lib/words.ts", 'import { config as x } from "../server/config";', "lib/ is the base"],
    ["server/verification/decide.ts", 'import { appRouter as x } from "../api/root";', "The domain never imports"],
    ["server/verification/decide.ts", 'import { buildServer as x } from "../http/server";', "The domain never imports"],
    ["server/verification/decide.ts", 'import { createInngest as x } from "../../inngest/client";', "The domain never imports"],
    ["server/api/routers/usage.ts", 'import { buildServer as x } from "../../http/server";', "The routers import the domain and base only"],
    ["inngest/functions.ts", 'import { appRouter as x } from "../server/api/root";', "Jobs call the domain"],
    ["app/(console)/verify/result.tsx", 'import { verify as x } from "~/server/verification";', "Pages reach the domain only through the router's types"],
    ["app/(console)/verify/result.tsx", 'import type { Verification as x } from "~/server/verification";', "Pages reach the domain only through the router's types"],
    ["app/(console)/verify/result.tsx", 'import { appRouter as x } from "~/server/api/root";', "Pages take the server's types only"],
  ])("%s: %s is refused", async (file, code, message) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ["server/verification/decide.ts", 'import { DECISIONS as x } from "../../lib/words";'],
    ["server/api/routers/usage.ts", 'import { verify as x } from "../../verification";'],
    ["app/(console)/verify/result.tsx", 'import type { AppRouter as x } from "~/server/api/root";'],
  ])("%s: %s is allowed", async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
