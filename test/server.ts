import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { preloadPincodeDirectory } from "../server/addresses";
import { buildServer } from "../server/http/server";
import { startSimulator } from "../server/provider/simulator";
import { apiClient, sessionCookie, useProvider, type Api } from "./helpers";

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

/**
 * A server `start`ed in a beforeAll of this file and closed after its tests. The object is filled in
 * there, so its fields are read inside hooks and tests.
 */
export function useServer<S extends { close(): Promise<void> }>(start: () => Promise<S>): S {
  const server = {} as S;
  beforeAll(async () => {
    Object.assign(server, await start());
  });
  afterAll(() => server.close());
  return server;
}

/** The API server for this file's tests (as useServer), and a client of its REST base. */
export function useApiServer(): { server: Awaited<ReturnType<typeof startApiServer>>; api: Api } {
  const server = useServer(startApiServer);
  // The URL is known only once the server listens: the client is made per call.
  return { server, api: (method, path, init) => apiClient(server.url)(method, path, init) };
}

/**
 * The provider simulator for this file's tests (as useServer), with this process's provider pointed at
 * it; `settings`: more of the environment, as useProvider. Registered before useApiServer, it starts first.
 */
export function useProviderSimulator(settings: Record<string, string> = {}) {
  return useServer(async () => {
    const sim = await startSimulator({ port: 0 });
    useProvider(sim.url, settings);
    return sim;
  });
}

/** Signs a workspace's owner in through better-auth's HTTP mount; the session cookie for the console's endpoints. */
export async function signIn(origin: string, ws: { console: { email: string; password: string } }): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: ws.console.email, password: ws.console.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return sessionCookie(res);
}
