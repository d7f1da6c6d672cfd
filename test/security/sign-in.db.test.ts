import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT } from "../../server/auth";
import { setClock } from "../../server/clock";
import { reloadConfig } from "../../server/config";
import { db } from "../../server/db";
import { hit } from "../../server/ratelimit";
import { newWorkspace } from "../helpers";
import { startServer } from "./server";

/**
 * The sign-in throttle slows an attacker's address without locking the account out for its owner
 * (per account and address, plus per address over every account), and its counters do not outlive
 * their minute.
 */
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // Behind a proxy: the client address is the last X-Forwarded-For entry, so one test can be several clients.
  process.env.TRUST_PROXY = "1";
  reloadConfig();
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  delete process.env.TRUST_PROXY;
  reloadConfig();
});
afterEach(() => setClock(null));

function signIn(from: string, email: string, password: string) {
  return fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": from },
    body: JSON.stringify({ email, password }),
  });
}

describe("the sign-in throttle", () => {
  it("stops an address guessing one account's password, while the owner signs in from elsewhere", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    const victim = await newWorkspace("starter");
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT.max; i++) statuses.push((await signIn("203.0.113.7", victim.console.email, `guess-${i}`)).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT.max)).toEqual(Array(SIGN_IN_LIMIT.max).fill(401));
    expect(statuses[SIGN_IN_LIMIT.max]).toBe(429);
    // Even the right password waits, from the attacker's address, and the answer says how long.
    const right = await signIn("203.0.113.7", victim.console.email, victim.console.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out.
    expect((await signIn("198.51.100.20", victim.console.email, victim.console.password)).status).toBe(200);
  });

  it("stops an address trying many accounts", async () => {
    setClock(new Date("2026-11-23T10:00:05Z"));
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT.max; i++) statuses.push((await signIn("203.0.113.8", `nobody-${i}@example.com`, "guess")).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT.max)).toEqual(Array(SIGN_IN_LIMIT.max).fill(401));
    expect(statuses[SIGN_IN_LIMIT.max]).toBe(429);
  });
});

describe("throttle counters", () => {
  it("are deleted once their minute is over, also for e-mails nobody tries again", async () => {
    const at = new Date("2026-11-23T11:00:05Z");
    setClock(at);
    await hit(db(), "sign-in:made-up@example.com:203.0.113.9", SIGN_IN_LIMIT.max);
    await db().authRateLimit.create({ data: { id: "arl_old", key: "203.0.113.9|/sign-in/email", count: 3, lastRequest: BigInt(at.getTime()) } });
    expect(await db().rateLimitCounter.count({ where: { bucket: "sign-in:made-up@example.com:203.0.113.9" } })).toBe(1);

    setClock(new Date(at.getTime() + 2 * 60_000));
    await hit(db(), "sign-in:someone-else@example.com:203.0.113.10", SIGN_IN_LIMIT.max);
    expect(await db().rateLimitCounter.count({ where: { bucket: "sign-in:made-up@example.com:203.0.113.9" } })).toBe(0);
    expect(await db().authRateLimit.count({ where: { id: "arl_old" } })).toBe(0);
    expect(await db().rateLimitCounter.count({ where: { bucket: "sign-in:someone-else@example.com:203.0.113.10" } })).toBe(1);
  });
});
