import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (served at /metrics by server/http). Domain modules record into
 * them; gauges that need a query or a live status are collected when scraped, through `onCollect`.
 */
export const registry = new Registry();
// The process's own figures (memory, event-loop lag, GC, handles), prefixed like ours.
collectDefaultMetrics({ register: registry, prefix: "dakiya_" });

export const httpRequestDuration = new Histogram({
  name: "dakiya_http_request_duration_seconds",
  help: "HTTP requests by route template, method and status.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const providerCalls = new Counter({
  name: "dakiya_provider_calls_total",
  help: "Calls to the address validation provider by outcome (ok, provider_error, provider_timeout, provider_unavailable, aborted).",
  labelNames: ["provider", "outcome"] as const,
  registers: [registry],
});

export const providerCallDuration = new Histogram({
  name: "dakiya_provider_call_duration_seconds",
  help: "Provider calls' durations, retries included, by outcome.",
  labelNames: ["provider", "outcome"] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 6],
  registers: [registry],
});

const collectors: (() => Promise<void> | void)[] = [];

/** Registers work to run before each scrape (gauges read from the database or the breaker). */
export function onCollect(fn: () => Promise<void> | void): void {
  collectors.push(fn);
}

export const breakerState = new Gauge({
  name: "dakiya_provider_breaker_state",
  help: "The provider's circuit breaker: 0 closed, 1 half open, 2 open.",
  labelNames: ["provider"] as const,
  registers: [registry],
});

export const batchRowsWaiting = new Gauge({
  name: "dakiya_batch_rows_waiting",
  help: "Batch rows not yet verified in batches that are queued or processing.",
  registers: [registry],
});

export const webhookDeliveriesDue = new Gauge({
  name: "dakiya_webhook_deliveries_due",
  help: "Webhook deliveries whose next attempt is due now.",
  registers: [registry],
});

/** The text exposition, after every collector has run (one failing collector leaves its gauge as it was). */
export async function metricsText(): Promise<string> {
  await Promise.allSettled(collectors.map(async (fn) => fn()));
  return registry.metrics();
}
