import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../server/http/server";

/** The Dakiya server (no pages) on a free port, with its Fastify instance at hand. */
export async function startServer(): Promise<{ app: FastifyInstance; origin: string; close(): Promise<void> }> {
  const { app } = await buildServer();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}
