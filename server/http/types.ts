import type { Caller } from "../keys";

// What the server learns about a request before its handler runs, for the handlers, logs and metrics after it.
declare module "fastify" {
  interface FastifyRequest {
    /** The API key's holder on REST, resolved before the body is read (decorated in server.ts); null elsewhere. */
    caller: Caller | null;
    /** Answered before its body arrived: the rest of the body is being read and thrown away (server/http/limits.ts; decorated in server.ts). */
    lingering: boolean;
  }
  interface FastifyContextConfig {
    /** On a REST route: the tRPC procedure it calls (`batches.get`). */
    procedure?: string;
    /** The route's body parser checks that the body is UTF-8 itself (`utf8Text`), so no stream checks it as it arrives (server/http/limits.ts). */
    checksUtf8?: boolean;
  }
}
