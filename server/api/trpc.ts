import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import type { Caller } from "../keys";
import type { MemberRole } from "../members";
import { countRequest, rateLimitHeaders } from "../ratelimit";
import { toApiError, wordInputFailure } from "./errors";
import { checkText } from "./text";

export interface Context {
  db: Db;
  requestId: string;
  /**
   * Who calls: the API key's holder (REST, resolved by the server before it reads the body), or the
   * console member acting for their workspace; null only on the buyer's confirmation page, which
   * reaches nothing but the public procedures.
   */
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
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // The tRPC client (the console) sees the same error code and details as REST clients, and never a
    // stack (tRPC adds one outside production; a schema failure's holds every issue: 200 KB for a batch).
    errorFormatter: ({ shape, error, ctx }) => {
      const api = toApiError(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: api.message,
        data: { ...data, httpStatus: api.status, api: { code: api.code, status: api.status, details: api.details, requestId: ctx?.requestId ?? null } },
      };
    },
  });

/**
 * Every procedure, REST, console and pages alike: text that is not valid Unicode or holds NUL, in any
 * field of the input as sent, is a 400 naming the field (server/api/text.ts), before any schema; a
 * schema failure is worded from the input as sent (a missing field is "required").
 */
const procedure = t.procedure.use(async ({ getRawInput, next }) => {
  const input = await getRawInput();
  checkText(input);
  const result = await next();
  if (!result.ok) wordInputFailure(result.error, input);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Counts one call against the per-minute limit of its caller: per key and procedure on REST, per
 * member and procedure in the console whatever its mode (a member's calls count like a key's, so a
 * session is no way around the limits). The state goes into the response's RateLimit headers.
 */
async function countCall(ctx: Context, caller: Caller, path: string): Promise<void> {
  const state = await countRequest(ctx.db, caller, ctx.member?.userId ?? null, path);
  if (state) Object.assign(ctx.response.headers, rateLimitHeaders(state));
}

/** A context without a caller is the buyer's page's (server/http/console.ts): only public procedures answer it. */
function callerOf(ctx: Context): Caller {
  if (!ctx.caller) throw new DakiyaError("unauthenticated", "Sign in to the console, or send an API key.");
  return ctx.caller;
}

/**
 * Every API procedure: a caller, then the rate limit counted. The key is checked in one place, the
 * REST server, before it reads the body; a console request arrives with its caller set from the
 * member's session, and is counted per member. Runs before input validation, so a rate-limited
 * caller is a 429 whatever the body.
 */
export const apiProcedure = procedure.use(async ({ ctx, path, next }) => {
  const caller = callerOf(ctx);
  await countCall(ctx, caller, path);
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
export const memberProcedure = procedure.use(async ({ ctx, path, next }) => {
  if (!ctx.member || !ctx.caller) throw new DakiyaError("unauthenticated", "Sign in to the console.");
  await countCall(ctx, ctx.caller, path);
  return next({ ctx: { member: ctx.member, caller: ctx.caller } });
});

/** Console-only procedures that change the workspace: owners and admins. */
export const managerProcedure = memberProcedure.use(({ ctx, next }) => {
  assertMayChange(ctx.member);
  return next();
});

/** No key and no session: the buyer's confirmation page, reached by its link's token alone (rate-limited per link and per client address). */
export const publicProcedure = procedure;
