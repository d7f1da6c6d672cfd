import type http from "node:http";

/** Next.js, as this server's page renderer: every path the server does not route itself. */
export interface Pages {
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export async function createPages(opts: { dev: boolean; httpServer: http.Server; port: number }): Promise<Pages> {
  const { default: next } = await import("next");
  // httpServer: Next.js attaches its development websocket (hot reload) to the server's upgrades.
  const app = next({ dev: opts.dev, dir: process.cwd(), customServer: true, httpServer: opts.httpServer, port: opts.port, hostname: "localhost" });
  await app.prepare();
  const handle = app.getRequestHandler();
  return { handle: (req, res) => handle(req, res), close: () => app.close() };
}

/**
 * Security headers of the console's pages. Next.js inlines its bootstrap scripts, hence
 * 'unsafe-inline' for scripts (no nonces); development adds what hot reload needs.
 */
export function pageSecurityHeaders(opts: { dev: boolean; https: boolean; mapTileUrl?: string }): Record<string, string> {
  // The buyer's confirmation page may show map tiles from MAP_TILE_URL's origin.
  const tiles = opts.mapTileUrl ? ` ${new URL(opts.mapTileUrl.replace(/[{}]/g, "")).origin}` : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles}`,
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
