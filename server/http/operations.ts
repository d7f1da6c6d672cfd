import { createReadStream } from "node:fs";
import path from "node:path";
import { renderApiReference } from "@scalar/client-side-rendering";
import type { FastifyPluginAsync } from "fastify";
import { pendingMigrations } from "../../prisma/engine";
import { config } from "../config";
import { db } from "../db";
import { DakiyaError } from "../errors";
import { metricsText } from "../metrics";

/** Health for load balancers and orchestrators, Prometheus metrics, and the API reference page. */
export const operationsPlugin: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (request) => {
    request.routeLabel = "/healthz";
    return { status: "ok" };
  });

  app.get("/readyz", async (request) => {
    request.routeLabel = "/readyz";
    let pending: string[];
    try {
      pending = await pendingMigrations((sql) => db().$queryRaw(sql));
    } catch (err) {
      request.log.warn({ err }, "not ready: database");
      throw new DakiyaError("provider_unavailable", "Not ready: the database does not answer.");
    }
    if (pending.length) throw new DakiyaError("provider_unavailable", `Not ready: migrations not applied: ${pending.join(", ")}.`);
    return { status: "ready" };
  });

  app.get("/metrics", async (request, reply) => {
    request.routeLabel = "/metrics";
    const token = config().METRICS_TOKEN;
    if (token && request.headers.authorization !== `Bearer ${token}`) {
      throw new DakiyaError("unauthenticated", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.");
    }
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(await metricsText());
  });

  const reference = renderApiReference({ config: { url: "/api/v1/openapi.json" }, pageTitle: "Dakiya API reference", cdn: "/docs/scalar.js", bundle: false });
  app.get("/docs", async (request, reply) => {
    request.routeLabel = "/docs";
    return reply.type("text/html; charset=utf-8").send(reference);
  });
  // Scalar's standalone bundle, served from node_modules so /docs works without internet.
  const bundle = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
  app.get("/docs/scalar.js", async (request, reply) => {
    request.routeLabel = "/docs/scalar.js";
    return reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=86400").send(createReadStream(bundle));
  });
};
