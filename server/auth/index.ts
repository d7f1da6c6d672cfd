import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { config } from "../config";
import { db } from "../db";

/**
 * Console sign-in: better-auth with email and password over the Prisma tables in the schema
 * (users, sessions, accounts, auth_verifications, auth_rate_limits). Accounts are made by the CLI
 * and by owners' invitations only, so sign-up is off. Passwords are better-auth's scrypt hashes,
 * the same `hashPassword` that server/members uses.
 */

/** Sign-in attempts allowed per client IP per minute; past it, 429 until the minute is over. */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };

function createAuth() {
  const c = config();
  return betterAuth({
    appName: "Dakiya",
    secret: c.BETTER_AUTH_SECRET,
    baseURL: c.BETTER_AUTH_URL ?? c.DAKIYA_PUBLIC_URL,
    database: prismaAdapter(db(), { provider: "postgresql" }),
    verification: { modelName: "authVerification" },
    emailAndPassword: { enabled: true, disableSignUp: true },
    // On in every environment (better-auth enables it in production only), counted in the database so
    // every app process shares the count.
    rateLimit: { enabled: true, storage: "database", modelName: "authRateLimit", customRules: { "/sign-in/email": SIGN_IN_LIMIT } },
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
