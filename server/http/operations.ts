import { createHash, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import { renderApiReference } from "@scalar/client-side-rendering";
import type { FastifyPluginAsync } from "fastify";
import { pendingMigrations } from "../../prisma/engine";
import { config } from "../config";
import { DATABASE_RETRY_AFTER_S, db } from "../db";
import { DakiyaError } from "../errors";
import { waitingRowCount } from "../batches";
import { batchRowsWaiting, metricsText, onCollect, webhookDeliveriesDue } from "../metrics";
import { dueDeliveryCount } from "../webhooks";

/** Compares in constant time (hashes of equal length), so the token cannot be guessed byte by byte. */
function sameSecret(a: string, b: string): boolean {
  const hash = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(hash(a), hash(b));
}

/** Health for load balancers and orchestrators, Prometheus metrics, and the API reference page. */
// Once per process, however many servers a process builds (tests build several).
onCollect(async () => batchRowsWaiting.set(await waitingRowCount(db())));
onCollect(async () => webhookDeliveriesDue.set(await dueDeliveryCount(db())));

export const operationsPlugin: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request) => {
    let pending: string[];
    try {
      pending = await pendingMigrations((sql) => db().$queryRaw(sql));
    } catch (err) {
      request.log.warn({ err }, "not ready: database");
      throw new DakiyaError("provider_unavailable", "Not ready: the database does not answer.", { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) } });
    }
    if (pending.length) throw new DakiyaError("provider_unavailable", `Not ready: migrations not applied: ${pending.join(", ")}.`);
    return { status: "ready" };
  });

  app.get("/metrics", async (request, reply) => {
    const token = config().METRICS_TOKEN;
    if (token && !sameSecret(request.headers.authorization ?? "", `Bearer ${token}`)) {
      throw new DakiyaError("unauthenticated", "Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`.");
    }
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(await metricsText());
  });

  const reference = renderApiReference({ config: { url: "/api/v1/openapi.json" }, pageTitle: "Dakiya API reference", cdn: "/docs/scalar.js", bundle: false });
  app.get("/docs", async (_request, reply) => {
    return reply.type("text/html; charset=utf-8").send(reference);
  });
  // Scalar's standalone bundle, served from node_modules so /docs works without internet.
  const bundle = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
  app.get("/docs/scalar.js", async (_request, reply) => {
    return reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=86400").send(createReadStream(bundle));
  });
};
