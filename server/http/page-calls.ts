import { AsyncLocalStorage } from "node:async_hooks";
import { TRPCError } from "@trpc/server";
import type { FastifyRequest } from "fastify";
import { PAGE_CALLS } from "../../lib/shared";
import { toApiError } from "../api/errors";
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

const rendering = new AsyncLocalStorage<{ request: FastifyRequest; context?: Promise<Context> }>();

/**
 * Renders a page with its request at hand. Its server components call the procedures in this process
 * rather than over HTTP to it: a console page was a second request through Fastify, tRPC's HTTP
 * handler and JSON both ways, the largest part of a page's own time after the database.
 */
export function renderingPage<T>(request: FastifyRequest, render: () => Promise<T>): Promise<T> {
  return rendering.run({ request }, render);
}

export function lendPageCalls(): void {
  const calls: PageCalls = {
    caller() {
      const page = rendering.getStore();
      if (!page) throw new Error("A page called a procedure outside the rendering of a page request.");
      // One session look-up for the whole render (the layout's calls and the page's).
      return createCaller(() => (page.context ??= consoleContext(page.request)), { onError: ({ error, path }) => logFailedCall(page.request, error, path) });
    },
    publicCaller() {
      const page = rendering.getStore();
      if (!page) throw new Error("A page called a procedure outside the rendering of a page request.");
      return createCaller(() => publicContext(page.request), { onError: ({ error, path }) => logFailedCall(page.request, error, path) });
    },
    errorCode: (err) => (err instanceof TRPCError || err instanceof DakiyaError ? toApiError(err).code : null),
  };
  (globalThis as { [PAGE_CALLS]?: PageCalls })[PAGE_CALLS] = calls;
}
