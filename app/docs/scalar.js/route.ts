import { readFile } from "node:fs/promises";
import path from "node:path";

let bundle: Promise<Buffer> | null = null;

// Scalar's standalone bundle, read from node_modules (the package does not export the file).
export async function GET(): Promise<Response> {
  bundle ??= readFile(path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js"));
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
