import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../server/http/server";
import { newWorkspace } from "../helpers";

/** The Dakiya server (no pages) on a free port, with its Fastify instance at hand. */
export async function startServer(): Promise<{ app: FastifyInstance; origin: string; close(): Promise<void> }> {
  const { app } = await buildServer();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Signs a workspace's owner in through better-auth; the session cookie for the console's endpoints. */
export async function signIn(origin: string, ws: Awaited<ReturnType<typeof newWorkspace>>): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: ws.console.email, password: ws.console.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
