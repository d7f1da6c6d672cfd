import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let bundle: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  bundle ??= readFile(path.join(path.dirname(require.resolve("@scalar/api-reference/package.json")), "dist/browser/standalone.js"));
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
