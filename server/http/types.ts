import type { Context } from "../api/trpc";
import type { Caller } from "../keys";

// What the server's hooks learn about a request, for the handlers, logs and metrics after them.
declare module "fastify" {
  interface FastifyRequest {
    /** The route template (`/api/v1/batches/{batch_id}`), or a fixed label for pages. */
    routeLabel?: string;
    /** The API key's holder, resolved before the body is read. */
    caller?: Caller;
    /** The tRPC context of a REST call. */
    apiContext?: Context;
    /** Answered before its body arrived: the rest of the body is being read and thrown away (server/http/limits.ts). */
    lingering?: boolean;
    /** The failure of a REST call, turned into the contract's body on send. */
    apiError?: unknown;
  }
}
