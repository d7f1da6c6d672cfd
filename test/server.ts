import http from "node:http";
import type { AddressInfo } from "node:net";
import { restListener } from "../server/api/node";

/**
 * A real HTTP server over the same handler Next.js's route serves, on a free port, so API tests
 * speak HTTP to the full REST stack (auth, rate limits, request ids, the OpenAPI adapter).
 */
export async function startApiServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(restListener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
