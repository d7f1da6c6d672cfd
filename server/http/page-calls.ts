import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";
import { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import { PAGE_CALLS } from "../../lib/shared";
import { toApiError, type ApiError } from "../api/errors";
import { appRouter } from "../api/root";
import { createCallerFactory, type Context } from "../api/trpc";
import { DakiyaError } from "../errors";
import { consoleContext, logFailedCall, publicContext } from "./console";

const createCaller = createCallerFactory(appRouter);

/** The procedures as a page's server components call them: `(await serverApi()).batches.get({ batch_id })`. */
export type PageCaller = ReturnType<typeof createCaller>;

/**
 * What this server lends the pages Next.js renders in its process (on globalThis under PAGE_CALLS: the
 * pages are bundled apart from the server and import none of its modules).
 */
export interface PageCalls {
  /** The procedures as the member whose page request is being rendered. */
  caller(): PageCaller;
  /** The procedures without a session, for the buyer's confirmation page (only its public procedures answer). */
  publicCaller(): PageCaller;
  /** The contract's error code of a failed call (server/api/errors.ts maps it, as for HTTP); null for anything else thrown (Next.js's redirects). */
  errorCode(err: unknown): string | null;
}

interface Page {
  request: FastifyRequest;
  context?: Promise<Context>;
  /** The first of its calls that answered 503 (the database or the provider not answering). */
  unavailable?: ApiError;
}

const rendering = new AsyncLocalStorage<Page>();

/**
 * Renders a page with its request at hand. Its server components call the procedures in this process
 * rather than over HTTP to it: a console page was a second request through Fastify, tRPC's HTTP
 * handler and JSON both ways, the largest part of a page's own time after the database.
 */
export function renderingPage<T>(request: FastifyRequest, response: http.ServerResponse, render: () => Promise<T>): Promise<T> {
  const page: Page = { request };
  answerUnavailable(response, page);
  return rendering.run(page, render);
}

/**
 * A page that failed because one of its calls answered 503 (the database is down) answers 503 with
 * that call's Retry-After, as every endpoint does, instead of Next.js's 500: its status line is
 * rewritten as Next.js writes it.
 */
function answerUnavailable(response: http.ServerResponse, page: Page): void {
  const writeHead = response.writeHead.bind(response) as (statusCode: number, ...rest: unknown[]) => http.ServerResponse;
  response.writeHead = (statusCode: number, ...rest: unknown[]) => {
    if (page.unavailable && statusCode >= 500) {
      statusCode = 503;
      if (typeof rest[0] === "string") rest[0] = "Service Unavailable";
      for (const [name, value] of Object.entries(page.unavailable.headers ?? {})) response.setHeader(name, value);
    }
    return writeHead(statusCode, ...rest);
  };
}

/** Logs a page's failed call, and keeps the first that answered 503 for the page's own status. */
function failedCall(page: Page, error: unknown, path: string | undefined): void {
  const e = toApiError(error);
  if (e.status === 503) page.unavailable ??= e;
  logFailedCall(page.request, error, path);
}

export function lendPageCalls(): void {
  const calls: PageCalls = {
    caller() {
      const page = rendering.getStore();
      if (!page) throw new Error("A page called a procedure outside the rendering of a page request.");
      // One session look-up for the whole render (the layout's calls and the page's).
      return createCaller(() => (page.context ??= consoleContext(page.request)), { onError: ({ error, path }) => failedCall(page, error, path) });
    },
    publicCaller() {
      const page = rendering.getStore();
      if (!page) throw new Error("A page called a procedure outside the rendering of a page request.");
      return createCaller(() => publicContext(page.request), { onError: ({ error, path }) => failedCall(page, error, path) });
    },
    errorCode: (err) => (err instanceof TRPCError || err instanceof DakiyaError ? toApiError(err).code : null),
  };
  (globalThis as { [PAGE_CALLS]?: PageCalls })[PAGE_CALLS] = calls;
}
