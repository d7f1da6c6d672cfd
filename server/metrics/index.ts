import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Histogram as DelayHistogram } from "node:perf_hooks";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (served at /metrics by server/http). Domain modules record into
 * them; gauges that need a query or a live status are collected when scraped, through `onCollect`.
 */
export const registry = new Registry();
// The process's own figures (memory, event-loop lag, GC, handles), prefixed like ours.
collectDefaultMetrics({ register: registry, prefix: "dakiya_" });

/**
 * The event loop's delay since the previous scrape. prom-client's own figures for it print NaN for the
 * mean and 2^63 ns for the minimum when no delay was sampled (a scrape within one sampling interval,
 * 10 ms, of the previous one), so ours replace them under the same names and leave every one of them
 * out until there is a sample: no data, no sample.
 */
const eventLoopDelayFigures: [name: string, help: string, read: (h: DelayHistogram) => number][] = [
  ["min", "The minimum recorded event loop delay.", (h) => h.min],
  ["max", "The maximum recorded event loop delay.", (h) => h.max],
  ["mean", "The mean of the recorded event loop delays.", (h) => h.mean],
  ["stddev", "The standard deviation of the recorded event loop delays.", (h) => h.stddev],
  ["p50", "The 50th percentile of the recorded event loop delays.", (h) => h.percentile(50)],
  ["p90", "The 90th percentile of the recorded event loop delays.", (h) => h.percentile(90)],
  ["p99", "The 99th percentile of the recorded event loop delays.", (h) => h.percentile(99)],
];
const eventLoopDelayGauges = eventLoopDelayFigures.map(([figure, help, read]) => {
  const name = `dakiya_nodejs_eventloop_lag_${figure}_seconds`;
  registry.removeSingleMetric(name);
  return { gauge: new Gauge({ name, help, registers: [registry] }), read };
});

/** Sets the event-loop delay figures from the samples since the last call (none: left out), then starts a new window. */
export function recordEventLoopDelay(histogram: DelayHistogram): void {
  for (const { gauge, read } of eventLoopDelayGauges) {
    if (histogram.count > 0) gauge.set(read(histogram) / 1e9);
    else gauge.remove();
  }
  histogram.reset();
}

const eventLoopDelay = monitorEventLoopDelay();
eventLoopDelay.enable();

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

export const bodyBudgetBytes = new Counter({
  name: "dakiya_http_body_budget_bytes_total",
  help: "Bytes of request bodies read under the shared body budget: past a body's first 64 KiB (read) or thrown away after an early answer (discarded).",
  labelNames: ["use"] as const,
  registers: [registry],
});

export const bodyBudgetWaiting = new Gauge({
  name: "dakiya_http_body_budget_waiting_connections",
  help: "Connections whose body waits, paused, for the shared body budget to refill.",
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
  recordEventLoopDelay(eventLoopDelay);
  await Promise.allSettled(collectors.map(async (fn) => fn()));
  return registry.metrics();
}
