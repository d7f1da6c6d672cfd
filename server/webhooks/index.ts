/**
 * Signed callbacks (docs/webhooks.md). Events are written as pending deliveries, in the caller's
 * transaction, one per enabled endpoint (an outbox); senders claim one attempt at a time with a
 * conditional update, so a crash or a second sender never loses or doubles an attempt.
 */
import { randomBytes } from "node:crypto";
import { request } from "undici";
import { Webhook } from "standardwebhooks";
import type { Db, DbOrTx } from "../db";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { now } from "../clock";
import { config } from "../config";
import { hit } from "../ratelimit";
import { workRecorded } from "../work";
import type { BatchProgress } from "../batches";
import { checkDestination, DestinationNotAllowed, dispatcherFor } from "./destination";

/** The data of a batch event: the batch's progress, as GET /batches/{id} answers it. */
export type BatchEventData = BatchProgress;
export type BatchEventType = "batch.completed" | "batch.failed" | "batch.cancelled";
export type EventType = BatchEventType | "address.confirmed" | "test.ping";

/**
 * The wait before each attempt, counted from the end of the previous one: 8 attempts over ≈ 27.6 h
 * (Standard Webhooks' recommended shape). A delivery whose last attempt fails is failed.
 */
export const BACKOFF_SCHEDULE_MS: number[] = [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

export const USER_AGENT = "Dakiya-Webhooks/1";
/** Beyond the request timeout, how long a claimed attempt may take to record its result before another sender may take it over. */
const LEASE_MARGIN_MS = 60_000;
/** Endpoints a workspace may hold, enabled or not (a full workspace removes one to add another). */
export const MAX_ENDPOINTS_PER_WORKSPACE = 10;
/** Test events a workspace may send a minute, over all its endpoints. */
export const TEST_EVENTS_PER_MINUTE = 5;

export interface WebhookEndpointInfo {
  id: string;
  url: string;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
}

export interface DeliveryLogEntry {
  /** The message id: the `webhook-id` header of every attempt. */
  id: string;
  webhookId: string;
  url: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** The event body exactly as sent, parsed. */
  payload: unknown;
  attemptLog: { attempt: number; ok: boolean; statusCode: number | null; error: string | null; latencyMs: number; createdAt: Date }[];
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

async function requireEndpoint(db: DbOrTx, workspaceId: string, webhookId: string) {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: webhookId, workspaceId } });
  if (!endpoint) throw new DakiyaError("not_found", `No webhook ${webhookId} in this workspace.`);
  return endpoint;
}

export async function addEndpoint(db: Db, workspaceId: string, url: string): Promise<{ webhook_id: string; secret: string }> {
  const href = await checkDestination(url);
  return db.$transaction(async (tx) => {
    // Not requireWorkspace(): that module pulls in the console's password hashing, which senders never need.
    // The row lock makes concurrent additions count one after another.
    const [workspace] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    if (!workspace) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
    const held = await tx.webhookEndpoint.count({ where: { workspaceId } });
    if (held >= MAX_ENDPOINTS_PER_WORKSPACE) {
      throw new DakiyaError("limit_reached", `A workspace holds at most ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints; remove one to add another.`);
    }
    const endpoint = await tx.webhookEndpoint.create({ data: { id: newId("wh"), workspaceId, url: href, secret: newSecret(), createdAt: now() } });
    return { webhook_id: endpoint.id, secret: endpoint.secret };
  });
}

/** Removes an endpoint with its delivery log, making room under the cap. */
export async function removeEndpoint(db: Db, workspaceId: string, webhookId: string): Promise<void> {
  await requireEndpoint(db, workspaceId, webhookId);
  await db.webhookEndpoint.deleteMany({ where: { id: webhookId, workspaceId } });
}

export async function listEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpointInfo[]> {
  return db.webhookEndpoint.findMany({
    where: { workspaceId },
    select: { id: true, url: true, enabled: true, disabledAt: true, disabledReason: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** Disabling ends the endpoint's pending deliveries as failed: a disabled endpoint is sent nothing. */
async function disableEndpoint(db: DbOrTx, endpointId: string, reason: string): Promise<void> {
  const at = now();
  const changed = await db.webhookEndpoint.updateMany({ where: { id: endpointId, enabled: true }, data: { enabled: false, disabledAt: at, disabledReason: reason } });
  if (changed.count) await db.webhookDelivery.updateMany({ where: { endpointId, status: "pending" }, data: { status: "failed", finishedAt: at, nextAttemptAt: null } });
}

/**
 * Re-enabling starts a clean slate: the failure streak is measured within one delivery's attempts,
 * and disabling ended every delivery that was pending, so nothing from before counts again.
 */
export async function setEndpointEnabled(db: Db, workspaceId: string, webhookId: string, enabled: boolean): Promise<void> {
  await requireEndpoint(db, workspaceId, webhookId);
  if (enabled) {
    await db.webhookEndpoint.update({ where: { id: webhookId }, data: { enabled: true, disabledAt: null, disabledReason: null } });
  } else {
    await db.$transaction((tx) => disableEndpoint(tx, webhookId, "Disabled by a workspace member."));
  }
}

/** Takes effect at once, for retries of pending deliveries too. */
export async function rotateSecret(db: Db, workspaceId: string, webhookId: string): Promise<{ secret: string }> {
  await requireEndpoint(db, workspaceId, webhookId);
  const secret = newSecret();
  await db.webhookEndpoint.update({ where: { id: webhookId }, data: { secret } });
  return { secret };
}

async function createDeliveries(db: DbOrTx, endpointIds: string[], event: { id: string; type: EventType; data: unknown }): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  if (!event.id) throw new DakiyaError("invalid_request", "An event needs an id.");
  const at = now();
  // Kept as the exact body text so every attempt sends the same bytes (jsonb would reorder keys).
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: at.toISOString(), data: event.data });
  await db.webhookDelivery.createMany({
    data: endpointIds.map((endpointId) => ({ id: newId("msg"), endpointId, eventId: event.id, eventType: event.type, payload: body, nextAttemptAt: at, createdAt: at })),
    skipDuplicates: true,
  });
  const rows = await db.webhookDelivery.findMany({ where: { eventId: event.id, endpointId: { in: endpointIds } }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

export async function enqueueEvent(db: DbOrTx, workspaceId: string, event: { id: string; type: EventType; data: unknown }): Promise<string[]> {
  const endpoints = await db.webhookEndpoint.findMany({ where: { workspaceId, enabled: true }, select: { id: true } });
  return createDeliveries(
    db,
    endpoints.map((e) => e.id),
    event,
  );
}

/** Events a workspace's test event list keeps: the newest, so test links cannot grow it without end. */
export const TEST_EVENT_LIST_SIZE = 100;

export interface TestEventEntry {
  id: string;
  type: string;
  createdAt: Date;
  /** The event exactly as a live endpoint would have received it, parsed. */
  payload: unknown;
}

/**
 * An event of test mode (a test confirmation link's `address.confirmed`): written to the workspace's
 * test event list, in the caller's transaction, and never to an endpoint, which are all live
 * (docs/webhooks.md, "Test mode"). Idempotent per event id; the list keeps the newest
 * TEST_EVENT_LIST_SIZE.
 */
export async function recordTestEvent(db: DbOrTx, workspaceId: string, event: { id: string; type: EventType; data: unknown }): Promise<void> {
  const at = now();
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: at.toISOString(), data: event.data });
  await db.testEvent.createMany({ data: [{ id: event.id, workspaceId, eventType: event.type, payload: body, createdAt: at }], skipDuplicates: true });
  await db.$executeRaw`
    DELETE FROM test_events WHERE workspace_id = ${workspaceId} AND id NOT IN (
      SELECT id FROM test_events WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC, id DESC LIMIT ${TEST_EVENT_LIST_SIZE})`;
}

/** The workspace's test event list, newest first. */
export async function testEvents(db: Db, workspaceId: string, opts: { limit?: number } = {}): Promise<TestEventEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50), 1), TEST_EVENT_LIST_SIZE);
  const rows = await db.testEvent.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
  return rows.map((r) => ({ id: r.id, type: r.eventType, createdAt: r.createdAt, payload: JSON.parse(r.payload as string) as unknown }));
}

export async function sendTestEvent(db: Db, workspaceId: string, webhookId: string): Promise<string> {
  const endpoint = await requireEndpoint(db, workspaceId, webhookId);
  if (!endpoint.enabled) throw new DakiyaError("invalid_request", `Webhook ${webhookId} is disabled; enable it before sending a test event.`);
  // Each test event is a request to a URL of the member's choosing: bounded, so the console is no traffic cannon.
  await hit(db, `webhook-test:${workspaceId}`, TEST_EVENTS_PER_MINUTE);
  const [id] = await createDeliveries(db, [webhookId], { id: newId("evt"), type: "test.ping", data: { webhook_id: webhookId } });
  await workRecorded({ deliveries: [id!] });
  return id!;
}

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/** The error recorded on an attempt whose destination was refused; such a delivery is not retried. */
export const DESTINATION_NOT_ALLOWED = "destination_not_allowed";

async function post(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult & { refused?: boolean }> {
  const timeoutMs = config().WEBHOOK_TIMEOUT_MS;
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // undici's request follows no redirects: a 3xx is a failed attempt, as Standard Webhooks asks.
    const res = await request(url, { method: "POST", headers, body, signal, dispatcher: dispatcherFor(new URL(url)) });
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    let error: string | null = null;
    if (ok) await res.body.dump();
    else {
      // A little of the receiver's answer helps whoever reads the log; never the whole body.
      let excerpt = Buffer.alloc(0);
      for await (const chunk of res.body) {
        excerpt = Buffer.concat([excerpt, chunk as Buffer]);
        if (excerpt.length >= 200) break;
      }
      res.body.destroy();
      const text = new TextDecoder().decode(excerpt.subarray(0, 200)).trim();
      error = `HTTP ${res.statusCode}${text ? `: ${text}` : ""}`;
    }
    return { ok, statusCode: res.statusCode, error, latencyMs: latency() };
  } catch (err) {
    const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
    if (e instanceof DestinationNotAllowed || e.cause instanceof DestinationNotAllowed) {
      return { ok: false, statusCode: null, error: `${DESTINATION_NOT_ALLOWED}: ${(e.cause instanceof DestinationNotAllowed ? e.cause : e).message}`, latencyMs: latency(), refused: true };
    }
    const error = signal.aborted ? `timeout after ${timeoutMs} ms` : (e.code ?? e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, statusCode: null, error, latencyMs: latency() };
  }
}

async function deliveryState(db: Db, deliveryId: string): Promise<{ done: boolean; nextAttemptAt: Date | null }> {
  const d = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { status: true, nextAttemptAt: true } });
  return d?.status === "pending" ? { done: false, nextAttemptAt: d.nextAttemptAt } : { done: true, nextAttemptAt: null };
}

export async function attemptDelivery(db: Db, deliveryId: string): Promise<{ done: boolean; nextAttemptAt: Date | null }> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  if (!delivery || delivery.status !== "pending") return { done: true, nextAttemptAt: null };
  const { endpoint } = delivery;
  if (!endpoint.enabled) {
    // Enqueued in a transaction that raced the endpoint's disabling.
    await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: "pending" }, data: { status: "failed", finishedAt: now(), nextAttemptAt: null } });
    return { done: true, nextAttemptAt: null };
  }
  const startedAt = now();
  if (delivery.nextAttemptAt && delivery.nextAttemptAt > startedAt) return { done: false, nextAttemptAt: delivery.nextAttemptAt };

  // An attempt claimed by a sender that stopped before recording it is made again under its number.
  const previousRecorded = delivery.attempts === 0 || (await db.webhookAttempt.count({ where: { deliveryId, attempt: delivery.attempts } })) > 0;
  const attempt = previousRecorded ? delivery.attempts + 1 : delivery.attempts;
  // The lease doubles as the claim token: only the sender that set it may record this attempt's outcome.
  const lease = new Date(startedAt.getTime() + config().WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  const claimed = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending", attempts: delivery.attempts, OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: startedAt } }] },
    data: { attempts: attempt, nextAttemptAt: lease },
  });
  if (claimed.count === 0) return deliveryState(db, deliveryId);

  const body = delivery.payload as string;
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
    "webhook-signature": new Webhook(endpoint.secret).sign(delivery.id, startedAt, body),
  };
  const { refused, ...result } = await post(endpoint.url, headers, body);

  const outcome = await db.$transaction(async (tx) => {
    const at = now();
    await tx.webhookAttempt.create({ data: { id: newId("att"), deliveryId, attempt, ...result, createdAt: startedAt } });
    const mine = { id: deliveryId, status: "pending" as const, attempts: attempt, nextAttemptAt: lease };
    if (result.ok) {
      const u = await tx.webhookDelivery.updateMany({ where: mine, data: { status: "succeeded", finishedAt: at, nextAttemptAt: null } });
      return u.count ? { done: true, nextAttemptAt: null } : null;
    }
    if (refused) {
      // The address will not change its nature by waiting: no retry, and no streak that disables the endpoint.
      const u = await tx.webhookDelivery.updateMany({ where: mine, data: { status: "failed", finishedAt: at, nextAttemptAt: null } });
      return u.count ? { done: true, nextAttemptAt: null } : null;
    }
    const wait = BACKOFF_SCHEDULE_MS[attempt];
    if (wait !== undefined) {
      const next = new Date(at.getTime() + wait);
      const u = await tx.webhookDelivery.updateMany({ where: mine, data: { nextAttemptAt: next } });
      return u.count ? { done: false, nextAttemptAt: next } : null;
    }
    const u = await tx.webhookDelivery.updateMany({ where: mine, data: { status: "failed", finishedAt: at, nextAttemptAt: null } });
    if (!u.count) return null;
    // Disable only an endpoint that failed everything for as long as this delivery was retried (over a day):
    // a flaky receiver that sometimes answers keeps its endpoint.
    const succeededMeanwhile = await tx.webhookAttempt.count({ where: { ok: true, createdAt: { gte: delivery.createdAt }, delivery: { endpointId: endpoint.id } } });
    if (succeededMeanwhile === 0) {
      const hours = Math.round((at.getTime() - delivery.createdAt.getTime()) / 360_000) / 10;
      await disableEndpoint(
        tx,
        endpoint.id,
        `Every attempt failed for ${hours} h: delivery ${delivery.id} (${delivery.eventType}) failed all ${attempt} attempts; the last: ${result.error}.`,
      );
    }
    return { done: true, nextAttemptAt: null };
  });
  return outcome ?? deliveryState(db, deliveryId);
}

export async function dueDeliveries(db: Db, limit = 100): Promise<string[]> {
  const rows = await db.webhookDelivery.findMany({
    where: { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now() } }] },
    select: { id: true },
    orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map((r) => r.id);
}

export async function deliveryLog(db: Db, workspaceId: string, opts: { limit?: number } = {}): Promise<DeliveryLogEntry[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50), 1), 200);
  const rows = await db.webhookDelivery.findMany({
    where: { endpoint: { workspaceId } },
    include: { endpoint: { select: { url: true } }, attemptLog: { orderBy: [{ attempt: "asc" }, { createdAt: "asc" }] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((d) => ({
    id: d.id,
    webhookId: d.endpointId,
    url: d.endpoint.url,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    finishedAt: d.finishedAt,
    payload: JSON.parse(d.payload as string) as unknown,
    attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, ok: a.ok, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, createdAt: a.createdAt })),
  }));
}

/** Deliveries whose next attempt is due now (an operations gauge). */
export async function dueDeliveryCount(db: Db): Promise<number> {
  return db.webhookDelivery.count({ where: { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now() } }] } });
}
