// `npm run lint` runs this, then `prettier --check`; docs/decisions.md, "Checking the code", says why each setting.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Generated or built output.
  globalIgnores(["server/generated/", ".next/", "dist/", ".data/", "test-results/", "playwright-report/", "next-env.d.ts"]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Fastify, better-auth and Inngest tell an async callback from a callback-style one by the promise it returns:
      // an `async` plugin, hook or handler without `await` is how the code says "no `done` to call".
      "@typescript-eslint/require-await": "off",
      // Dropping a field by destructuring it beside a rest element (`const { results_url: _url, ...rest } = …`).
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // React discards an event handler's return value; the console's async handlers show their own failures.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Passing on a reason received as any/unknown (an abort signal's) creates no non-Error; as only-throw-error's defaults.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    files: ["**/*.test.ts", "test/**/*.ts", "e2e/**/*.ts"],
    rules: {
      // Tests read HTTP and JSON bodies as the wire gives them (`any`) and assert their shape with expect, so a wrong
      // member fails the test; typing them with the procedures' own output types would check the code against itself.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // A test server's async handler that throws fails the run: Vitest reports unhandled rejections as errors.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  // The few plain JavaScript files (configs, the CLI's launcher, the generate step) are outside tsconfig's project.
  {
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, nextPlugin.configs["core-web-vitals"]],
  }, // The house's floors (docs/decisions.md, "The house"): pages → http → api → domain → base, each
  // importing only below it. Paths are matched as written: relative in server/, inngest/ and lib/, `~/` in app/.
  {
    files: ["lib/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./|~/)", message: 'lib/ is the base: it imports nothing above it (docs/decisions.md, "The house").' }] },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/api/**", "server/http/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+(api|http|inngest|app)(/|$)", message: 'The domain never imports http, api, pages or jobs (docs/decisions.md, "The house").' }] },
      ],
    },
  },
  {
    files: ["server/api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+(http|inngest|app)(/|$)", message: 'The routers import the domain and base only, never http, pages or jobs (docs/decisions.md, "The house").' }] },
      ],
    },
  },
  {
    files: ["inngest/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+(server/(api|http)|app)(/|$)", message: 'Jobs call the domain, never the routers, http or pages (docs/decisions.md, "The house").' }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^~/server/(api|http)/",
              allowTypeImports: true,
              message: 'Pages take the server\'s types only (import type), from the router or http (docs/decisions.md, "The house").',
            },
            { regex: "^~/(server/(?!api/|http/)|inngest(/|$))", message: 'Pages reach the domain only through the router\'s types (docs/decisions.md, "The house").' },
            { regex: "^(\\.\\./)+(server|inngest|lib)(/|$)", message: "Pages import the server and lib/ as ~/…, which the boundary rules read." },
          ],
        },
      ],
    },
  },
);
