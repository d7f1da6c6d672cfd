import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { authenticate, type Caller } from "../keys";
import type { MemberRole } from "../members";
import { hit, limitFor, rateLimitHeaders } from "../ratelimit";
import { toApiError } from "./errors";

export interface Context {
  db: Db;
  requestId: string;
  /** The request's `Authorization` header (REST); the console sets `caller` from its session instead. */
  authorization: string | null;
  caller: Caller | null;
  /** The signed-in console member; null on REST, where a key holder has no role. */
  member: ConsoleMember | null;
  /** The client's address (per TRUST_PROXY), for the limits of signed-out callers (the buyer's confirmation page). */
  clientAddress?: string | null;
  /** Absolute origin of this service, for links in responses (results_url). */
  origin: string;
  /** What the response carries besides the procedure's value; one object shared by every middleware's ctx copy. */
  response: ResponseExtras;
}

/** The signed-in member as the session look-up read them, so the console's header needs no query of its own. */
export interface ConsoleMember {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
  workspaceName: string;
}

export interface ResponseExtras {
  /** Headers every response to this request carries (rate-limit state), success or failure. */
  headers: Record<string, string>;
  /** Success status when it is not 200 (202 for a queued batch). */
  status?: number;
  /**
   * A body that is not JSON (the CSV download): REST sends it instead of the procedure's return value.
   * Whole text, not a stream: a batch's CSV is bounded (1000 rows), and the REST adapter resolves its
   * handler as soon as it has handed a reply over, before a stream could start.
   */
  raw?: { body: string; headers: Record<string, string> };
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // The tRPC client (the console) sees the same error code and details as REST clients.
    errorFormatter: ({ shape, error, ctx }) => {
      const api = toApiError(error);
      return {
        ...shape,
        message: api.message,
        data: { ...shape.data, httpStatus: api.status, api: { code: api.code, status: api.status, details: api.details, requestId: ctx?.requestId ?? null } },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Counts one call against the per-minute limit of its caller: per key and procedure on REST, per
 * member, mode and procedure in the console (a member's calls count like a key's, so a session is no
 * way around the limits). The state goes into the response's RateLimit headers.
 */
async function countCall(ctx: Context, caller: Caller, path: string): Promise<void> {
  const limit = limitFor(caller, path);
  if (limit === null) return;
  const bucket = ctx.member ? `member:${ctx.member.userId}:${caller.kind}:${path}` : `${caller.keyId}:${path}`;
  const state = await hit(ctx.db, bucket, limit);
  Object.assign(ctx.response.headers, rateLimitHeaders(state));
}

/**
 * Every API procedure: the caller's key resolved (401 otherwise; the REST server resolves it before
 * reading the body and passes it in), then the rate limit counted.
 * Runs before input validation, so a bad key is a 401 whatever the body. A console request arrives
 * with its caller already set from the member's session, and is counted per member.
 */
export const apiProcedure = t.procedure.use(async ({ ctx, path, next }) => {
  const caller = ctx.caller ?? (await authenticate(ctx.db, ctx.authorization));
  await countCall(ctx, caller, path);
  // Only what changes: tRPC merges it into the context.
  return next({ ctx: { caller } });
});

/** Operations the contract reserves for live keys (batches, cancel, download, outcomes). */
export const liveProcedure = apiProcedure.use(({ ctx, next }) => {
  if (!ctx.caller.livemode) {
    throw new DakiyaError("live_key_required", "This operation needs a live key (dk_live_…); test keys cannot use it.");
  }
  return next();
});

/**
 * Console roles: owners and admins change things, viewers only read. A key holder (REST) has no
 * role and passes: the key is the workspace's own authority.
 */
function assertMayChange(member: ConsoleMember | null): void {
  if (member?.role === "viewer") {
    throw new DakiyaError("forbidden", "Viewers can look but not change anything in this workspace; ask an owner or admin.");
  }
}

/** Live operations that change the workspace (create or cancel batches, report outcomes). */
export const liveWriteProcedure = liveProcedure.use(({ ctx, next }) => {
  assertMayChange(ctx.member);
  return next();
});

/** Free in test mode, charged in live mode (verify, normalize): a viewer may only test. */
export const meteredProcedure = apiProcedure.use(({ ctx, next }) => {
  if (ctx.caller.livemode) assertMayChange(ctx.member);
  return next();
});

/** Console-only procedures: a signed-in member of the workspace, rate-limited like the rest. */
export const memberProcedure = t.procedure.use(async ({ ctx, path, next }) => {
  if (!ctx.member || !ctx.caller) throw new DakiyaError("unauthenticated", "Sign in to the console.");
  await countCall(ctx, ctx.caller, path);
  return next({ ctx: { member: ctx.member, caller: ctx.caller } });
});

/** Console-only procedures that change the workspace: owners and admins. */
export const managerProcedure = memberProcedure.use(({ ctx, next }) => {
  assertMayChange(ctx.member);
  return next();
});

/** No key needed (the OpenAPI document). */
export const publicProcedure = t.procedure;
