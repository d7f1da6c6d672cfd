import type { FastifyPluginAsync } from "fastify";
import type { Inngest } from "inngest";
import { serve } from "inngest/fastify";
import { inngestFunctions } from "../../inngest/functions";
import { config, inngestServeOrigin } from "../config";
import { parseJson } from "./json";

export const INNGEST_PATH = "/api/inngest";

/**
 * The Inngest functions at /api/inngest, JSON bodies only (under the one body limit and the nesting
 * bound, server/http/json.ts). The origin and
 * path Inngest is told to call are fixed (INNGEST_SERVE_ORIGIN, else DAKIYA_PUBLIC_URL): the SDK would
 * otherwise build them from the Host header of whoever sends it a sync request.
 */
export const inngestPlugin: FastifyPluginAsync<{ inngest: Inngest }> = async (app, { inngest }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (err) {
      done(err as Error);
    }
  });
  const handler = serve({ client: inngest, functions: Object.values(inngestFunctions(inngest)), serveOrigin: inngestServeOrigin(config()), servePath: INNGEST_PATH });
  app.route({ method: ["GET", "POST", "PUT"], url: INNGEST_PATH, handler });
};
