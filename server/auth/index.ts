import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { config } from "../config";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { hit } from "../ratelimit";

/**
 * Console sign-in: better-auth with email and password over the Prisma tables in the schema
 * (users, sessions, accounts, auth_verifications, auth_rate_limits). Accounts are made by the CLI
 * and by owners' invitations only, so sign-up is off. Passwords are better-auth's scrypt hashes,
 * the same `hashPassword` that server/members uses.
 */

/**
 * Sign-in attempts allowed per minute, per client address (better-auth's limiter, over every account)
 * and per account from one address (counted here): past either, 429 until the minute is over. An
 * attacker's address is slowed down on every account it tries; the account's owner, signing in from
 * another address, is not locked out by them.
 */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };

/** A password's length in characters (better-auth's defaults, stated: docs/operations.md). */
export const PASSWORD_LENGTH = { min: 8, max: 128 };

/**
 * The only header better-auth reads the client address from. The HTTP mount sets it on every request
 * to /api/auth (withClientAddress), replacing whatever a client sent under that name.
 */
export const CLIENT_ADDRESS_HEADER = "x-dakiya-client-address";

/**
 * A request's client address: with TRUST_PROXY=1, the last X-Forwarded-For entry (the one our proxy
 * appended; earlier entries are whatever the client sent), else the socket's peer address.
 */
export function clientAddress(forwardedFor: string | string[] | null | undefined, socketAddress: string | null | undefined): string | null {
  if (config().TRUST_PROXY) {
    const entries = [forwardedFor ?? []]
      .flat()
      .join(",")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last && isIP(last)) return last;
  }
  return socketAddress && isIP(socketAddress) ? socketAddress : null;
}

/**
 * Sets CLIENT_ADDRESS_HEADER on the headers of a request bound for better-auth (a fetch `Headers`, or a
 * Node request's headers as the HTTP server hands them over), from its socket (and X-Forwarded-For per
 * TRUST_PROXY), replacing whatever the client sent under that name.
 */
export function withClientAddress<H extends Headers | IncomingHttpHeaders>(headers: H, socketAddress: string | null | undefined): H {
  if (headers instanceof Headers) {
    const address = clientAddress(headers.get("x-forwarded-for"), socketAddress);
    if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
    else headers.delete(CLIENT_ADDRESS_HEADER);
  } else {
    const address = clientAddress(headers["x-forwarded-for"], socketAddress);
    if (address) headers[CLIENT_ADDRESS_HEADER] = address;
    else delete headers[CLIENT_ADDRESS_HEADER];
  }
  return headers;
}

/** The better-auth paths that check a password the caller types: signing in, and changing one's own. */
const PASSWORD_CHECKS = ["/sign-in/email", "/change-password"] as const;

/** Whose password the request checks: the email signed in with, or the signed-in member's own. */
async function accountChecked(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string> {
  if (ctx.path === "/sign-in/email") {
    const body = ctx.body as { email?: unknown } | undefined;
    return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
  }
  return (await getSessionFromCtx(ctx))?.user.email.toLowerCase() ?? "";
}

/**
 * Counts an attempt against its account and client address, before the password is checked. Changing
 * one's password counts on the same account's sign-in count: a session left open is no faster way to
 * guess the password than the sign-in form.
 */
const throttleAccounts = createAuthMiddleware(async (ctx) => {
  if (!(PASSWORD_CHECKS as readonly string[]).includes(ctx.path)) return;
  const email = await accountChecked(ctx);
  if (!email) return;
  const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  try {
    await hit(db(), `sign-in:${email}:${address}`, SIGN_IN_LIMIT.max);
  } catch (err) {
    if (!(err instanceof DakiyaError) || err.code !== "rate_limited") throw err;
    const retryAfter = err.headers?.["Retry-After"] ?? String(SIGN_IN_LIMIT.window);
    throw new APIError("TOO_MANY_REQUESTS", { message: "Too many sign-in attempts for this account. Please try again later." }, { "Retry-After": retryAfter, "X-Retry-After": retryAfter });
  }
});

function createAuth() {
  const c = config();
  return betterAuth({
    appName: "Dakiya",
    secret: c.BETTER_AUTH_SECRET,
    baseURL: c.BETTER_AUTH_URL ?? c.DAKIYA_PUBLIC_URL,
    database: prismaAdapter(db(), { provider: "postgresql" }),
    verification: { modelName: "authVerification" },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: PASSWORD_LENGTH.min, maxPasswordLength: PASSWORD_LENGTH.max },
    // On in every environment (better-auth enables it in production only), counted in the database so
    // every app process shares the count.
    rateLimit: { enabled: true, storage: "database", modelName: "authRateLimit", customRules: Object.fromEntries(PASSWORD_CHECKS.map((p) => [p, SIGN_IN_LIMIT])) },
    // Never X-Forwarded-For as sent: a client could pick a new address for every try.
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    hooks: { before: throttleAccounts },
    // Tests fail sign-ins on purpose; elsewhere a wrong password is worth a warning in the log.
    logger: { level: c.NODE_ENV === "test" ? "error" : "warn" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Built on first use, not on import: the CLI and tests import this module without signing anyone in.
let instance: Auth | undefined;

export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}

/**
 * Gives an account a new password and signs it out everywhere, through better-auth's own context (its
 * hashing and its adapter): what its admin plugin's set-user-password does, without that plugin's
 * global user roles, since here who may reset whom is a workspace's business (server/members).
 */
export async function setPassword(userId: string, password: string): Promise<void> {
  const ctx = await auth().$context;
  await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(password));
  await ctx.internalAdapter.deleteUserSessions(userId);
}
