import type { AddressInfo } from "node:net";
import { preloadPincodeDirectory } from "../server/addresses";
import { buildServer } from "../server/http/server";

/**
 * The Dakiya server without pages (server/http), on a free port, so API tests speak HTTP to the
 * full REST stack (body limits, auth before parse, rate limits, request ids, the OpenAPI adapter).
 */
export async function startApiServer(): Promise<{ url: string; origin: string; close(): Promise<void> }> {
  // As the server does at start: the directory loads here (a beforeAll), not inside the first test that verifies.
  preloadPincodeDirectory();
  const { app } = await buildServer();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    origin: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}
