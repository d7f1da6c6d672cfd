import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { db } from "../db";
import { advanceClock, now, setClock } from "../clock";
import { reloadConfig } from "../config";
import { newId } from "../ids";
import { newWorkspace } from "../../test/helpers";
import {
  addEndpoint,
  attemptDelivery,
  BACKOFF_SCHEDULE_MS,
  deliveryLog,
  dueDeliveries,
  enqueueEvent,
  listEndpoints,
  rotateSecret,
  sendTestEvent,
  setEndpointEnabled,
  type BatchEventData,
} from ".";

interface Received {
  headers: Record<string, string>;
  body: string;
}
type Handler = (req: Received, res: http.ServerResponse, n: number) => void;

const servers: http.Server[] = [];

/** A real HTTP receiver on a free port; `handle` decides each answer (200 by default). */
async function receiver(handle: Handler = (_req, res) => res.writeHead(200).end("ok")) {
  const received: Received[] = [];
  const rx = { url: "", received, handle };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const r = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") };
    received.push(r);
    rx.handle(r, res, received.length);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/dakiya`;
  return rx;
}

const batchData = (batchId = newId("bat")): BatchEventData => ({
  batch_id: batchId,
  status: "completed",
  total: 3,
  done: 3,
  succeeded: 2,
  failed: 1,
  cancelled: 0,
  results_url: `https://dakiya.example/api/v1/batches/${batchId}/results`,
});

function completed(data = batchData()) {
  return { id: newId("evt"), type: "batch.completed" as const, data };
}

async function delivery(id: string) {
  return db().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });
}

// The receivers here listen on 127.0.0.1 over plain http, which only development and tests allow.
beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  reloadConfig();
});
afterEach(() => {
  setClock(null);
  delete process.env.WEBHOOK_TIMEOUT_MS;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  reloadConfig();
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

describe("endpoints", () => {
  it("issues a standard whsec_ secret and validates the URL and the workspace", async () => {
    const ws = await newWorkspace();
    const hook = await addEndpoint(db(), ws.workspace_id, "https://shop.example/webhooks");
    // Plain http and loopback only while private networks are allowed (development and tests).
    expect(hook.webhook_id).toMatch(/^wh_/);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(hook.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    expect((await addEndpoint(db(), ws.workspace_id, "http://localhost:8080/h")).webhook_id).toMatch(/^wh_/);
    expect((await addEndpoint(db(), ws.workspace_id, "http://[::1]:8080/h")).webhook_id).toMatch(/^wh_/);

    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "0";
    reloadConfig();
    for (const bad of ["http://shop.example/webhooks", "http://localhost:8080/h", "ftp://shop.example/x", "not a url", "https://user:pw@shop.example/x", "/relative"]) {
      await expect(addEndpoint(db(), ws.workspace_id, bad), bad).rejects.toMatchObject({ name: "DakiyaError", code: "invalid_request" });
    }
    await expect(addEndpoint(db(), "ws_nope", "https://shop.example/webhooks")).rejects.toMatchObject({ code: "not_found" });

    const listed = await listEndpoints(db(), ws.workspace_id);
    expect(listed.map((e) => e.url)).toEqual(["https://shop.example/webhooks", "http://localhost:8080/h", "http://[::1]:8080/h"]);
    expect(listed[0]).toEqual({ id: hook.webhook_id, url: "https://shop.example/webhooks", enabled: true, disabledAt: null, disabledReason: null, createdAt: expect.any(Date) });
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  it("never lets one workspace touch or see another's endpoints and deliveries", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const rxA = await receiver();
    const rxB = await receiver();
    const hookA = await addEndpoint(db(), a.workspace_id, rxA.url);
    const hookB = await addEndpoint(db(), b.workspace_id, rxB.url);

    const ids = await enqueueEvent(db(), a.workspace_id, completed());
    for (const id of ids) await attemptDelivery(db(), id);
    expect(rxA.received).toHaveLength(1);
    expect(rxB.received).toHaveLength(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: hookB.webhook_id } })).toBe(0);
    expect(await deliveryLog(db(), b.workspace_id)).toEqual([]);
    expect((await deliveryLog(db(), a.workspace_id)).map((d) => d.id)).toEqual(ids);
    expect((await listEndpoints(db(), b.workspace_id)).map((e) => e.id)).toEqual([hookB.webhook_id]);

    await expect(setEndpointEnabled(db(), b.workspace_id, hookA.webhook_id, false)).rejects.toMatchObject({ code: "not_found" });
    await expect(rotateSecret(db(), b.workspace_id, hookA.webhook_id)).rejects.toMatchObject({ code: "not_found" });
    await expect(sendTestEvent(db(), b.workspace_id, hookA.webhook_id)).rejects.toMatchObject({ code: "not_found" });
    const endpointA = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: hookA.webhook_id } });
    expect(endpointA).toMatchObject({ enabled: true, secret: hookA.secret });
  });
});

describe("delivery", () => {
  it("POSTs the event signed per Standard Webhooks and records the attempt", async () => {
    const ws = await newWorkspace();
    const rx = await receiver();
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const event = completed();
    const [id, ...more] = await enqueueEvent(db(), ws.workspace_id, event);
    expect(more).toEqual([]);
    expect(id).toMatch(/^msg_/);
    expect(await dueDeliveries(db(), 1000)).toContain(id);

    // The one clock, pinned, so the timestamp header can be checked exactly (standardwebhooks checks it against the real time).
    const sentAt = new Date();
    setClock(sentAt);
    expect(await attemptDelivery(db(), id!)).toEqual({ done: true, nextAttemptAt: null });
    expect(rx.received).toHaveLength(1);
    const { headers, body } = rx.received[0]!;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe("Dakiya-Webhooks/1");
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(hook.secret).verify(body, headers)).toEqual({ id: event.id, type: "batch.completed", created_at: expect.any(String), data: event.data });
    expect(body.startsWith(`{"id":"${event.id}","type":"batch.completed","created_at":"`)).toBe(true);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(body, headers)).toThrow(/signature/i);
    expect(() => new Webhook(hook.secret).verify(body.replace('"total":3', '"total":4'), headers)).toThrow(/signature/i);

    const d = await delivery(id!);
    expect(d).toMatchObject({ status: "succeeded", attempts: 1, nextAttemptAt: null, eventId: event.id, eventType: "batch.completed" });
    expect(d.finishedAt).toBeInstanceOf(Date);
    expect(d.attemptLog).toMatchObject([{ attempt: 1, ok: true, statusCode: 200, error: null }]);
    expect(await dueDeliveries(db(), 1000)).not.toContain(id);

    // A finished delivery is never sent again.
    expect(await attemptDelivery(db(), id!)).toEqual({ done: true, nextAttemptAt: null });
    expect(rx.received).toHaveLength(1);
  });

  it("retries a 500 with the same webhook-id after the scheduled wait, then succeeds; the log has both attempts", async () => {
    setClock(new Date());
    const ws = await newWorkspace();
    const rx = await receiver((_req, res, n) => {
      if (n === 1) res.writeHead(500).end("boom");
      else setTimeout(() => res.writeHead(204).end(), 60);
    });
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const [id] = await enqueueEvent(db(), ws.workspace_id, completed());

    const first = await attemptDelivery(db(), id!);
    expect(first).toEqual({ done: false, nextAttemptAt: new Date(now().getTime() + BACKOFF_SCHEDULE_MS[1]!) });
    expect(BACKOFF_SCHEDULE_MS[1]).toBe(5_000);
    // Not due yet: neither the sweep nor a direct call sends it.
    expect(await dueDeliveries(db(), 1000)).not.toContain(id);
    expect(await attemptDelivery(db(), id!)).toEqual(first);
    expect(rx.received).toHaveLength(1);

    advanceClock(5_000);
    expect(await dueDeliveries(db(), 1000)).toContain(id);
    expect(await attemptDelivery(db(), id!)).toEqual({ done: true, nextAttemptAt: null });
    expect(rx.received).toHaveLength(2);
    const [a, b] = rx.received as [Received, Received];
    expect(b.headers["webhook-id"]).toBe(a.headers["webhook-id"]);
    expect(b.body).toBe(a.body);
    expect(Number(b.headers["webhook-timestamp"]) - Number(a.headers["webhook-timestamp"])).toBe(5);
    for (const r of rx.received) expect(new Webhook(hook.secret).verify(r.body, r.headers)).toMatchObject({ type: "batch.completed" });

    const [log] = await deliveryLog(db(), ws.workspace_id);
    expect(log).toMatchObject({ id, webhookId: hook.webhook_id, url: rx.url, status: "succeeded", attempts: 2, payload: { type: "batch.completed" } });
    expect(log!.attemptLog).toMatchObject([
      { attempt: 1, ok: false, statusCode: 500, error: "HTTP 500: boom" },
      { attempt: 2, ok: true, statusCode: 204, error: null },
    ]);
    expect(log!.attemptLog[1]!.latencyMs).toBeGreaterThanOrEqual(50);
    expect(log!.attemptLog[1]!.createdAt.getTime() - log!.attemptLog[0]!.createdAt.getTime()).toBe(5_000);
  });

  it("keeps no secret in what the delivery log (readable by viewers) stores: the answer's first 200 bytes, no signing secret", async () => {
    const ws = await newWorkspace();
    const rx = await receiver((_req, res) => res.writeHead(502).end("x".repeat(150) + "y".repeat(500)));
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const [id] = await enqueueEvent(db(), ws.workspace_id, completed());
    await attemptDelivery(db(), id!);
    const stored = JSON.stringify([
      await db().webhookDelivery.findMany({ where: { endpointId: hook.webhook_id } }),
      await db().webhookAttempt.findMany({ where: { deliveryId: id! } }),
      await deliveryLog(db(), ws.workspace_id),
    ]);
    expect(stored).not.toContain(hook.secret);
    expect(stored).not.toContain(hook.secret.slice(6));
    expect(stored).not.toContain(rx.received[0]!.headers["webhook-signature"]);
    const [log] = await deliveryLog(db(), ws.workspace_id);
    expect(log!.attemptLog[0]!.error).toBe(`HTTP 502: ${"x".repeat(150)}${"y".repeat(50)}`);
  });

  it("records a timeout, follows the whole schedule, then fails the delivery and disables the endpoint", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "200";
    reloadConfig();
    setClock(new Date());
    const ws = await newWorkspace();
    const rx = await receiver(() => {}); // never answers
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const [id] = await enqueueEvent(db(), ws.workspace_id, completed());
    const enqueuedAt = now().getTime();

    const total = BACKOFF_SCHEDULE_MS.reduce((s, ms) => s + ms, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3_600_000);
    let later: string | undefined;
    for (let attempt = 1; attempt <= BACKOFF_SCHEDULE_MS.length; attempt++) {
      expect(await dueDeliveries(db(), 1000)).toContain(id);
      const result = await attemptDelivery(db(), id!);
      const d = await delivery(id!);
      expect(d.attemptLog).toHaveLength(attempt);
      expect(d.attemptLog[attempt - 1]).toMatchObject({ attempt, ok: false, statusCode: null, error: "timeout after 200 ms" });
      expect(d.attemptLog[attempt - 1]!.latencyMs).toBeGreaterThanOrEqual(150);
      if (attempt === 3) {
        // Another event, pending when the endpoint gets disabled.
        [later] = await enqueueEvent(db(), ws.workspace_id, completed());
        await attemptDelivery(db(), later!);
      }
      const wait = BACKOFF_SCHEDULE_MS[attempt];
      if (wait === undefined) {
        expect(result).toEqual({ done: true, nextAttemptAt: null });
        break;
      }
      expect(result).toEqual({ done: false, nextAttemptAt: new Date(now().getTime() + wait) });
      expect(d.status).toBe("pending");
      advanceClock(wait - 1);
      expect(await dueDeliveries(db(), 1000)).not.toContain(id);
      advanceClock(1);
    }
    expect(rx.received.filter((r) => r.headers["webhook-id"] === id)).toHaveLength(8);
    expect(new Set(rx.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id, later]));

    const d = await delivery(id!);
    expect(d).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });
    expect(await dueDeliveries(db(), 1000)).not.toContain(id);
    const [endpoint] = await listEndpoints(db(), ws.workspace_id);
    expect(endpoint).toMatchObject({ enabled: false, disabledAt: now() });
    expect(endpoint!.disabledReason).toBe(
      `Every attempt failed for ${Math.round((now().getTime() - enqueuedAt) / 360_000) / 10} h: delivery ${id} (batch.completed) failed all 8 attempts; the last: timeout after 200 ms.`,
    );
    expect(endpoint!.disabledReason).toMatch(/ 27\.6 h/);
    // The other pending delivery ended with the endpoint.
    expect(await delivery(later!)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await attemptDelivery(db(), later!)).toEqual({ done: true, nextAttemptAt: null });

    // Disabled: no new deliveries, no test event.
    const sent = rx.received.length;
    expect(await enqueueEvent(db(), ws.workspace_id, completed())).toEqual([]);
    await expect(sendTestEvent(db(), ws.workspace_id, hook.webhook_id)).rejects.toMatchObject({ code: "invalid_request" });
    expect(await db().webhookDelivery.count({ where: { endpointId: hook.webhook_id } })).toBe(2);

    // Re-enabled: a clean slate, and events flow again.
    await setEndpointEnabled(db(), ws.workspace_id, hook.webhook_id, true);
    expect((await listEndpoints(db(), ws.workspace_id))[0]).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
    rx.handle = (_req, res) => res.writeHead(200).end();
    const [again] = await enqueueEvent(db(), ws.workspace_id, completed());
    expect(await attemptDelivery(db(), again!)).toEqual({ done: true, nextAttemptAt: null });
    expect(rx.received).toHaveLength(sent + 1);
  });

  it("keeps the endpoint of a flaky receiver that answers some deliveries", async () => {
    setClock(new Date());
    const ws = await newWorkspace();
    const doomed = completed();
    const rx = await receiver((req, res) => res.writeHead(req.body.includes(doomed.id) ? 503 : 200).end());
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const [id] = await enqueueEvent(db(), ws.workspace_id, doomed);
    for (let attempt = 1; attempt <= BACKOFF_SCHEDULE_MS.length; attempt++) {
      const result = await attemptDelivery(db(), id!);
      if (attempt === 4) {
        const [fine] = await enqueueEvent(db(), ws.workspace_id, completed());
        expect(await attemptDelivery(db(), fine!)).toEqual({ done: true, nextAttemptAt: null });
      }
      if (result.nextAttemptAt) setClock(result.nextAttemptAt);
    }
    expect(await delivery(id!)).toMatchObject({ status: "failed", attempts: 8 });
    expect((await delivery(id!)).attemptLog.map((a) => a.statusCode)).toEqual(Array(8).fill(503));
    expect((await listEndpoints(db(), ws.workspace_id))[0]).toMatchObject({ id: hook.webhook_id, enabled: true, disabledReason: null });
  });

  it("sends one HTTP request when several senders attempt the same due delivery at once", async () => {
    const ws = await newWorkspace();
    const rx = await receiver((_req, res) => setTimeout(() => res.writeHead(200).end(), 100));
    await addEndpoint(db(), ws.workspace_id, rx.url);
    const [id] = await enqueueEvent(db(), ws.workspace_id, completed());
    const results = await Promise.all(Array.from({ length: 4 }, () => attemptDelivery(db(), id!)));
    expect(rx.received).toHaveLength(1);
    expect(results.filter((r) => r.done)).not.toHaveLength(0);
    const d = await delivery(id!);
    expect(d).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(d.attemptLog).toHaveLength(1);
  });

  it("holds a lease while an attempt is in flight, and repeats an attempt whose sender stopped before recording it", async () => {
    setClock(new Date());
    const ws = await newWorkspace();
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const rx = await receiver((_req, res, n) => {
      if (n > 1) return void res.writeHead(200).end();
      arrived();
      release = () => res.writeHead(200).end();
    });
    await addEndpoint(db(), ws.workspace_id, rx.url);
    const [first] = (await enqueueEvent(db(), ws.workspace_id, completed())) as [string];
    const [crashed] = (await enqueueEvent(db(), ws.workspace_id, completed())) as [string];

    const sending = attemptDelivery(db(), first);
    await inFlight;
    const leased = await delivery(first);
    expect(leased.attempts).toBe(1);
    expect(leased.nextAttemptAt!.getTime()).toBe(now().getTime() + 10_000 + 60_000);
    expect(await dueDeliveries(db(), 1000)).not.toContain(first);
    release();
    expect(await sending).toEqual({ done: true, nextAttemptAt: null });

    // A sender claimed attempt 1 of the other delivery and died: no attempt row, lease run out.
    await db().webhookDelivery.update({ where: { id: crashed }, data: { attempts: 1, nextAttemptAt: new Date(now().getTime() - 1) } });
    expect(await dueDeliveries(db(), 1000)).toContain(crashed);
    expect(await attemptDelivery(db(), crashed)).toEqual({ done: true, nextAttemptAt: null });
    const d = await delivery(crashed);
    expect(d).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(d.attemptLog).toMatchObject([{ attempt: 1, ok: true, statusCode: 200 }]);
  });
});

describe("events", () => {
  it("enqueues one delivery per enabled endpoint, idempotently per event, inside the caller's transaction", async () => {
    const ws = await newWorkspace();
    const one = await addEndpoint(db(), ws.workspace_id, "https://one.example/h");
    const two = await addEndpoint(db(), ws.workspace_id, "https://two.example/h");
    const off = await addEndpoint(db(), ws.workspace_id, "https://off.example/h");
    await setEndpointEnabled(db(), ws.workspace_id, off.webhook_id, false);
    expect((await listEndpoints(db(), ws.workspace_id))[2]).toMatchObject({ enabled: false, disabledReason: "Disabled by a workspace member.", disabledAt: expect.any(Date) });

    const event = completed();
    const ids = await enqueueEvent(db(), ws.workspace_id, event);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(await enqueueEvent(db(), ws.workspace_id, event)).toEqual(ids);
    const rows = await db().webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(rows.map((r) => r.endpointId).sort()).toEqual([one.webhook_id, two.webhook_id].sort());

    const rolledBack = completed();
    await expect(
      db().$transaction(async (tx) => {
        expect(await enqueueEvent(tx, ws.workspace_id, rolledBack)).toHaveLength(2);
        throw new Error("the batch update failed");
      }),
    ).rejects.toThrow("the batch update failed");
    expect(await db().webhookDelivery.count({ where: { eventId: rolledBack.id } })).toBe(0);
  });

  it("sends a test.ping to one endpoint only", async () => {
    const ws = await newWorkspace();
    const rx = await receiver();
    const other = await receiver();
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    await addEndpoint(db(), ws.workspace_id, other.url);
    const id = await sendTestEvent(db(), ws.workspace_id, hook.webhook_id);
    expect(await dueDeliveries(db(), 1000)).toContain(id);
    expect(await attemptDelivery(db(), id)).toEqual({ done: true, nextAttemptAt: null });
    expect(other.received).toHaveLength(0);
    expect(rx.received).toHaveLength(1);
    const event = new Webhook(hook.secret).verify(rx.received[0]!.body, rx.received[0]!.headers);
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: "test.ping", created_at: expect.any(String), data: { webhook_id: hook.webhook_id } });
    expect((await deliveryLog(db(), ws.workspace_id))[0]).toMatchObject({ id, eventType: "test.ping", status: "succeeded" });
  });

  it("signs with the new secret after rotation, retries of earlier deliveries included", async () => {
    setClock(new Date());
    const ws = await newWorkspace();
    const rx = await receiver((_req, res, n) => res.writeHead(n === 1 ? 500 : 200).end());
    const hook = await addEndpoint(db(), ws.workspace_id, rx.url);
    const [pending] = await enqueueEvent(db(), ws.workspace_id, completed());
    await attemptDelivery(db(), pending!);

    const { secret } = await rotateSecret(db(), ws.workspace_id, hook.webhook_id);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const [fresh] = await enqueueEvent(db(), ws.workspace_id, completed());
    await attemptDelivery(db(), fresh!);
    advanceClock(BACKOFF_SCHEDULE_MS[1]!);
    await attemptDelivery(db(), pending!);

    expect(rx.received).toHaveLength(3);
    const [before, ...after] = rx.received as [Received, ...Received[]];
    expect(new Webhook(hook.secret).verify(before.body, before.headers)).toBeTruthy();
    for (const r of after) {
      expect(new Webhook(secret).verify(r.body, r.headers)).toBeTruthy();
      expect(() => new Webhook(hook.secret).verify(r.body, r.headers)).toThrow(/signature/i);
    }
  });
});
