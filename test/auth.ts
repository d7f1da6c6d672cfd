import { beforeAll } from "vitest";
import { auth, withClientAddress } from "../server/auth";
import { reloadConfig } from "../server/config";

/** The console's origin for tests that call better-auth's handler in this process. */
export const AUTH_ORIGIN = "http://localhost:3000";

/** Sets better-auth's base URL to AUTH_ORIGIN in a beforeAll of this file. */
export function useAuthOrigin(): void {
  beforeAll(() => {
    process.env.BETTER_AUTH_URL = AUTH_ORIGIN;
    reloadConfig();
  });
}

/**
 * A POST of JSON to better-auth's handler as the HTTP mount hands it over: from AUTH_ORIGIN, with the
 * client address the mount computed from the socket's (`socket`) beside the headers as sent.
 */
export function authPost(path: string, body: unknown, from: { socket: string; headers?: Record<string, string> }): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json", origin: AUTH_ORIGIN, ...from.headers });
  return auth().handler(new Request(`${AUTH_ORIGIN}/api/auth${path}`, { method: "POST", headers: withClientAddress(headers, from.socket), body: JSON.stringify(body) }));
}
