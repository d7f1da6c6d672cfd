import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "../clock";
import { reloadConfig } from "../config";
import { db } from "../db";
import { createMember } from "../members";
import { authPost, useAuthOrigin } from "../../test/auth";
import { useWorkspace } from "../../test/helpers";
import { CLIENT_ADDRESS_HEADER, clientAddress, SIGN_IN_LIMIT, withClientAddress } from ".";

useAuthOrigin();
const ws = useWorkspace();
afterEach(() => {
  setClock(null);
  delete process.env.TRUST_PROXY;
  reloadConfig();
});

function trustProxy(on: boolean) {
  process.env.TRUST_PROXY = on ? "1" : "0";
  reloadConfig();
}

async function account() {
  return createMember(db(), { workspaceId: ws.workspace_id, email: `m-${Math.random().toString(36).slice(2, 10)}@example.com`, role: "viewer" });
}

/** A sign-in as the HTTP mount hands it to better-auth: headers as sent, plus the address it computed from the socket. */
function signIn(email: string, password: string, from: { socket: string; forwardedFor?: string }): Promise<Response> {
  return authPost("/sign-in/email", { email, password }, { socket: from.socket, headers: from.forwardedFor ? { "x-forwarded-for": from.forwardedFor } : {} });
}

describe("sign-in throttle", () => {
  // The per-account count keeps one-minute windows on the service's clock: held still, a slow run cannot straddle two.
  beforeEach(() => setClock(new Date()));

  it("refuses the 11th wrong password for one account from one address with 429, not its owner elsewhere", async () => {
    trustProxy(true); // so each client address is its own
    const target = await account();
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_LIMIT.max + 1; i++) {
      statuses.push((await signIn(target.email, `guess-${i}`, { socket: "10.9.0.1", forwardedFor: "198.51.100.7" })).status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_LIMIT.max).fill(401), 429]);
    // The right password is refused too from that address until the minute is over, and the answer says
    // when to retry (better-auth's own limiter says it as X-Retry-After; the HTTP mount adds Retry-After).
    const right = await signIn(target.email.toUpperCase(), target.password, { socket: "10.9.0.1", forwardedFor: "198.51.100.7" });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after") ?? right.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(right.headers.getSetCookie()).toEqual([]);
    // The owner, from another address, is not locked out.
    expect((await signIn(target.email, target.password, { socket: "10.9.0.1", forwardedFor: "198.51.100.200" })).status).toBe(200);
  });

  it("counts per client address; without TRUST_PROXY a client's X-Forwarded-For does not change its address", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_LIMIT.max + 1; i++) {
      statuses.push((await signIn(`nobody-${i}@example.com`, "guess", { socket: "203.0.113.7", forwardedFor: `198.51.100.${i}` })).status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_LIMIT.max).fill(401), 429]);
    const known = await account();
    expect((await signIn(known.email, known.password, { socket: "203.0.113.7", forwardedFor: "192.0.2.1" })).status).toBe(429);
    expect((await signIn(known.email, known.password, { socket: "203.0.113.8" })).status).toBe(200);
  });

  it("ignores a client-sent address header: the mount replaces it", async () => {
    const headers = withClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "1.2.3.4", "x-forwarded-for": "5.6.7.8" }), "203.0.113.9");
    expect(headers.get(CLIENT_ADDRESS_HEADER)).toBe("203.0.113.9");
    expect(withClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "1.2.3.4" }), undefined).get(CLIENT_ADDRESS_HEADER)).toBeNull();
  });
});

describe("the client address", () => {
  it("is the socket's unless TRUST_PROXY=1, then the entry the proxy appended to X-Forwarded-For", () => {
    expect(clientAddress("198.51.100.1", "10.0.0.2")).toBe("10.0.0.2");
    expect(clientAddress(undefined, "::ffff:10.0.0.2")).toBe("::ffff:10.0.0.2");
    trustProxy(true);
    expect(clientAddress("6.6.6.6, 198.51.100.1", "10.0.0.2")).toBe("198.51.100.1");
    expect(clientAddress(["6.6.6.6", "198.51.100.1"], "10.0.0.2")).toBe("198.51.100.1");
    expect(clientAddress("not-an-address", "10.0.0.2")).toBe("10.0.0.2");
    expect(clientAddress(undefined, "10.0.0.2")).toBe("10.0.0.2");
  });
});
