import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "../server/db";
import { reloadConfig } from "../server/config";
import { resetProvider } from "../server/provider";
import { startSimulator } from "../server/provider/simulator";
import { createBatch } from "../server/batches";
import { config } from "../server/config";
import { authenticate } from "../server/keys";
import { addEndpoint, enqueueEvent } from "../server/webhooks";
import { advanceClock, setClock } from "../server/clock";
import { newWorkspace } from "../test/helpers";
import { providerCalls } from "../server/metrics";
import { createInngest } from "./client";
import { inngestFunctions } from "./functions";
import { createScheduler } from "./scheduler";
import { deliverWebhook } from "./steps";

// A process with Inngest configured: its configuration passed in, as the server passes its own.
const inngest = createInngest({ INNGEST_DEV: false, INNGEST_EVENT_KEY: "test-event-key", INNGEST_SIGNING_KEY: undefined });
const { batchProcess, purgeExpiredBatches, webhookDeliver, workSweep } = inngestFunctions(inngest);

let sim: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  // WEBHOOK_ALLOW_PRIVATE_NETWORKS: the webhook receivers listen on 127.0.0.1 over plain http.
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "4", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
  reloadConfig();
  resetProvider();
});
afterAll(async () => {
  setClock(null);
  await sim.close();
});

/** Provider calls that ran out of time so far, from the process's metrics. */
async function providerTimeouts(): Promise<number> {
  return (await providerCalls.get()).values.filter((v) => v.labels.outcome === "provider_timeout").reduce((sum, v) => sum + v.value, 0);
}

async function liveBatch(addresses: string[]) {
  const ws = await newWorkspace("growth");
  const caller = await authenticate(db(), `Bearer ${ws.live_key}`);
  const { batch } = await createBatch(db(), caller, { addresses: addresses.map((address) => ({ address })) });
  return { ws, batch };
}

describe("batch/process", () => {
  it("works the batch in one step, verifies and charges each row once, and completes the batch", async () => {
    const addresses = Array.from({ length: 10 }, () => "B-204, Sector 62, Noida, Uttar Pradesh 201309");
    const { ws, batch } = await liveBatch(addresses);
    const calls = sim.stats().requests;
    const timeoutsBefore = await providerTimeouts();
    const t = new InngestTestEngine({ function: batchProcess, events: [{ name: "batch/created", data: { batchId: batch.id, workspaceId: ws.workspace_id } }] });
    const { ctx, error } = await t.execute();
    expect(error).toBeUndefined();
    // 10 rows through 4 provider slots kept busy: one step, not one per group of 4.
    const stepIds = (ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);
    expect(stepIds.filter((id) => id.startsWith("work-"))).toEqual(["work-0"]);
    // One call a row, plus one more for each call that ran out of time (on a loaded machine; the row is tried again).
    expect(sim.stats().requests - calls).toBe(10 + (await providerTimeouts()) - timeoutsBefore);
    const done = await db().batch.findUniqueOrThrow({ where: { id: batch.id } });
    expect(done).toMatchObject({ status: "completed", succeeded: 10, failed: 0 });
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id } })).toBe(10);

    // Running it again (a replay) changes nothing.
    await new InngestTestEngine({ function: batchProcess, events: [{ name: "batch/created", data: { batchId: batch.id, workspaceId: ws.workspace_id } }] }).execute();
    expect(await db().usageCharge.count({ where: { workspaceId: ws.workspace_id } })).toBe(10);
  });

  it("is limited to one run at a time per workspace and fails the batch when its retries run out", async () => {
    const config = batchProcess["opts"] as { concurrency: { key: string; limit: number }[]; retries: number };
    expect(config.concurrency).toEqual([{ key: "event.data.workspaceId", limit: 1 }]);
    const { batch } = await liveBatch(["B-204, Sector 62, Noida, Uttar Pradesh 201309"]);
    const onFailure = (batchProcess["opts"] as { onFailure: (a: unknown) => Promise<void> }).onFailure;
    await onFailure({ event: { data: { event: { data: { batchId: batch.id } } } } });
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "failed", failed: 1 });
  });
});

describe("webhook/deliver", () => {
  async function receiverFailing(times: number) {
    const seen = { calls: 0, ids: [] as string[] };
    const server = http.createServer((req, res) => {
      seen.calls++;
      seen.ids.push(String(req.headers["webhook-id"]));
      req.resume();
      res.writeHead(seen.calls <= times ? 503 : 200).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const ws = await newWorkspace("growth");
    await addEndpoint(db(), ws.workspace_id, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const [deliveryId] = await enqueueEvent(db(), ws.workspace_id, { id: `evt_fn_${times}`, type: "batch.completed", data: { batch_id: "bat_x" } });
    return { seen, server, deliveryId: deliveryId! };
  }

  it("delivers through Inngest's step tools", async () => {
    const { seen, server, deliveryId } = await receiverFailing(0);
    const { error } = await new InngestTestEngine({ function: webhookDeliver, events: [{ name: "webhook/deliver", data: { deliveryId } }] }).execute();
    expect(error).toBeUndefined();
    expect(seen.calls).toBe(1);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe("succeeded");
    server.close();
  });

  it("retries a failing receiver on the backoff schedule with the same webhook-id until it succeeds", async () => {
    const { seen, server, deliveryId } = await receiverFailing(2);
    const sleeps: number[] = [];
    // The same body Inngest runs, with sleeps that move the one clock instead of waiting.
    await deliverWebhook(deliveryId, {
      run: (_id, fn) => fn(),
      sleep: async (_id, ms) => {
        sleeps.push(ms);
        advanceClock(ms + 1);
      },
    });
    expect(seen.calls).toBe(3);
    expect(new Set(seen.ids).size).toBe(1);
    expect(sleeps.length).toBe(2);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    const attempts = await db().webhookAttempt.findMany({ where: { deliveryId }, orderBy: { attempt: "asc" } });
    expect(attempts.map((a) => a.statusCode)).toEqual([503, 503, 200]);
    server.close();
    setClock(null);
  });
});

describe("batch/purge-expired", () => {
  it("purges the rows of batches past seven days", async () => {
    const { ws, batch } = await liveBatch(["B-204, Sector 62, Noida, Uttar Pradesh 201309"]);
    await new InngestTestEngine({ function: batchProcess, events: [{ name: "batch/created", data: { batchId: batch.id, workspaceId: ws.workspace_id } }] }).execute();
    advanceClock(8 * 24 * 3600_000);
    const { result } = await new InngestTestEngine({ function: purgeExpiredBatches }).execute();
    expect(result).toBeGreaterThanOrEqual(1);
    expect(await db().batchRow.count({ where: { batchId: batch.id } })).toBe(0);
    setClock(null);
  });
});

describe("work-sweep", () => {
  const sent: { id?: string; name: string; data: Record<string, unknown> }[] = [];

  afterEach(() => {
    vi.restoreAllMocks();
    sent.length = 0;
    setClock(null);
  });
  function recordSends() {
    vi.spyOn(inngest, "send").mockImplementation((async (events: typeof sent | (typeof sent)[number]) => {
      sent.push(...(Array.isArray(events) ? events : [events]));
      return { ids: [] };
    }) as never);
  }

  async function sweepNow() {
    const { result, error } = await new InngestTestEngine({ function: workSweep }).execute();
    expect(error).toBeUndefined();
    return result;
  }

  it("finds a batch whose event was lost and sends it again; the run it starts completes the batch", async () => {
    const { ws, batch } = await liveBatch(["B-204, Sector 62, Noida, Uttar Pradesh 201309", "100 Feet Road, Indiranagar, Bengaluru 560038"]);
    vi.spyOn(inngest, "send").mockRejectedValue(new Error("connect ECONNREFUSED"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The send fails; the request that created the batch does not.
    await expect(createScheduler(inngest).schedule({ batch: { id: batch.id, workspaceId: ws.workspace_id } })).resolves.toBeUndefined();
    vi.restoreAllMocks();
    recordSends();

    // A batch just created is not lost yet: the sweep leaves it to its own event.
    await sweepNow();
    expect(sent.filter((e) => e.data.batchId === batch.id)).toEqual([]);

    advanceClock(config().SWEEP_AFTER_MS + 1);
    await sweepNow();
    const again = sent.filter((e) => e.data.batchId === batch.id);
    const createdAt = (await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).createdAt.getTime();
    expect(again).toEqual([{ id: `batch-${batch.id}-${createdAt}`, name: "batch/created", data: { batchId: batch.id, workspaceId: ws.workspace_id } }]);
    setClock(null);

    const { error } = await new InngestTestEngine({ function: batchProcess, events: [again[0]! as { name: "batch/created"; data: { batchId: string; workspaceId: string } }] }).execute();
    expect(error).toBeUndefined();
    expect(await db().batch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({ status: "completed", succeeded: 2 });
  });

  it("finds a batch created again with its idempotency key that was never scheduled, and names one stall with one event id", async () => {
    const ws = await newWorkspace("growth");
    const caller = await authenticate(db(), `Bearer ${ws.live_key}`);
    const input = { addresses: [{ address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" }], idempotency_key: "sweep-retry" };
    const first = await createBatch(db(), caller, input);
    const repeat = await createBatch(db(), caller, input);
    expect([first.created, repeat.created, repeat.batch.id]).toEqual([true, false, first.batch.id]);
    recordSends();

    advanceClock(config().SWEEP_AFTER_MS + 1);
    await sweepNow();
    await sweepNow();
    const ids = sent.filter((e) => e.data.batchId === first.batch.id).map((e) => e.id);
    // Sent by both sweeps under one id, which Inngest deduplicates: one run.
    const stall = `batch-${first.batch.id}-${(await db().batch.findUniqueOrThrow({ where: { id: first.batch.id } })).createdAt.getTime()}`;
    expect(ids).toEqual([stall, stall]);
  });

  it("finds a webhook delivery whose event was lost, under an id per attempt", async () => {
    const ws = await newWorkspace("growth");
    await addEndpoint(db(), ws.workspace_id, "http://127.0.0.1:9/");
    const [deliveryId] = await enqueueEvent(db(), ws.workspace_id, { id: "evt_sweep_lost", type: "batch.completed", data: { batch_id: "bat_y" } });
    recordSends();
    advanceClock(config().SWEEP_AFTER_MS + 1);
    const result = await sweepNow();
    expect(result).toMatchObject({ deliveries: expect.any(Number) });
    expect(sent.filter((e) => e.data.deliveryId === deliveryId)).toEqual([{ id: `deliver-${deliveryId}-0`, name: "webhook/deliver", data: { deliveryId } }]);
  });
});
