import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScheduler } from "../../inngest/scheduler";
import { newWorkspace, useProvider } from "../../test/helpers";
import { cancelBatch, createBatch, failBatch } from "../batches";
import { db } from "../db";
import { authenticate } from "../keys";
import { startSimulator } from "../provider/simulator";
import { addEndpoint, sendTestEvent } from "../webhooks";
import { setWorkWaker } from ".";

/**
 * Every domain path that records background work starts it at once through the process's waker,
 * here the in-process scheduler with its sweep never started: nothing is left for a sweep to find.
 */
let sim: Awaited<ReturnType<typeof startSimulator>>;
let receiver: http.Server;
let receiverUrl: string;
const received: { type: string; data: Record<string, unknown> }[] = [];
const scheduler = createScheduler(null);
const wake: typeof scheduler.schedule = (work) => scheduler.schedule(work);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  // WEBHOOK_ALLOW_PRIVATE_NETWORKS: the receiver listens on 127.0.0.1 over plain http.
  useProvider(sim.url, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1" });
  receiver = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    received.push(JSON.parse(body));
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  setWorkWaker(wake);
});
afterAll(async () => {
  setWorkWaker(null);
  await new Promise((resolve) => receiver.close(resolve));
  await sim.close();
});

/** Polls until `found` gives a value (the test's own timeout bounds it). */
async function eventually<T>(found: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventFor = (type: string, batchId: string) => () => received.find((e) => e.type === type && e.data.batch_id === batchId);

async function liveWorkspaceWithHook() {
  const ws = await newWorkspace("growth");
  const hook = await addEndpoint(db(), ws.workspace_id, receiverUrl);
  return { ws, hook, caller: await authenticate(db(), `Bearer ${ws.live_key}`) };
}

describe("recorded work starts without the sweep", () => {
  it("batch create: the batch runs; batch finish: its batch.completed webhook goes out", async () => {
    const { caller } = await liveWorkspaceWithHook();
    const { batch } = await createBatch(db(), caller, { addresses: [{ address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" }] });
    const done = await eventually(async () => {
      const b = await db().batch.findUniqueOrThrow({ where: { id: batch.id } });
      return b.status === "completed" ? b : undefined;
    });
    expect(done).toMatchObject({ succeeded: 1 });
    expect(await eventually(eventFor("batch.completed", batch.id))).toMatchObject({ data: { status: "completed", succeeded: 1 } });
  });

  it("cancel: the batch.cancelled webhook goes out", async () => {
    const { ws, caller } = await liveWorkspaceWithHook();
    // Recorded while nothing wakes, so no row starts before the cancel.
    setWorkWaker(null);
    const { batch } = await createBatch(db(), caller, { addresses: [{ address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" }] });
    setWorkWaker(wake);
    const progress = await cancelBatch(db(), ws.workspace_id, batch.id, "http://localhost");
    expect(progress).toMatchObject({ status: "cancelled", cancelled: 1 });
    expect(await eventually(eventFor("batch.cancelled", batch.id))).toMatchObject({ data: { status: "cancelled" } });
  });

  it("batch failure: the batch.failed webhook goes out", async () => {
    const { caller } = await liveWorkspaceWithHook();
    setWorkWaker(null);
    const { batch } = await createBatch(db(), caller, { addresses: [{ address: "B-204, Sector 62, Noida, Uttar Pradesh 201309" }] });
    setWorkWaker(wake);
    await failBatch(db(), batch.id);
    expect(await eventually(eventFor("batch.failed", batch.id))).toMatchObject({ data: { status: "failed", failed: 1 } });
  });

  it("webhook test event: the test.ping goes out", async () => {
    const { ws, hook } = await liveWorkspaceWithHook();
    await sendTestEvent(db(), ws.workspace_id, hook.webhook_id);
    expect(await eventually(() => received.find((e) => e.type === "test.ping" && e.data.webhook_id === hook.webhook_id))).toBeDefined();
  });
});
