/** The concurrency cap: the semaphore on its own, then the shared provider against a slow simulator. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProvider } from "./index";
import { ResilientProvider, Semaphore, type Attempt } from "./resilience";
import { startSimulator, type RunningSimulator } from "./simulator";
import { failureOf, useProvider } from "./test-helpers";

const GOOD = ["Flat 3, 5th Main Road, Jayanagar", "Bengaluru 560041"];

describe("Semaphore", () => {
  it("never lends more than its limit and serves waiters first in, first out", async () => {
    const sem = new Semaphore(2);
    const order: string[] = [];
    const a = await sem.acquire();
    const b = await sem.acquire();
    const waiters = ["c", "d", "e"].map((name) => sem.acquire().then((release) => (order.push(name), release)));
    await Promise.resolve();
    expect(sem.inUse).toBe(2);
    expect(sem.waiting).toBe(3);
    b();
    b(); // a second release of the same slot is a no-op
    const c = await waiters[0]!;
    expect(order).toEqual(["c"]);
    expect(sem.inUse).toBe(2);
    a();
    c();
    await Promise.all(waiters).then((releases) => releases.slice(1).forEach((r) => r()));
    expect(order).toEqual(["c", "d", "e"]);
    expect(sem.inUse).toBe(0);
  });

  it("drops a waiter whose signal aborts and gives the slot to the next one", async () => {
    const sem = new Semaphore(1);
    const held = await sem.acquire();
    const controller = new AbortController();
    const aborted = sem.acquire(controller.signal);
    const next = sem.acquire();
    controller.abort(new Error("caller gave up"));
    await expect(aborted).rejects.toThrow("caller gave up");
    expect(sem.waiting).toBe(1);
    held();
    const release = await next;
    expect(sem.inUse).toBe(1);
    release();
    expect(sem.inUse).toBe(0);
  });
});

describe("shared concurrency cap", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ latencyMs: 100 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it("lets at most PROVIDER_CONCURRENCY calls reach the provider at once, across callers", async () => {
    useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "2" });
    const before = sim.stats();
    // Every caller asks getProvider() separately; they still share one cap.
    const results = await Promise.all(Array.from({ length: 6 }, () => getProvider()!.validate(GOOD)));
    expect(results.every((r) => r.level === "building")).toBe(true);
    const after = sim.stats();
    expect(after.requests - before.requests).toBe(6);
    expect(after.maxInFlight).toBe(2);
  });

  it("does not count time spent waiting for a slot against the timeout", async () => {
    const answer = await useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url }).validate(GOOD);
    // One slot, 100 ms timeout. The first call's provider never answers, so the call holds the slot
    // until its timeout; the second waits all that time for the slot, then its provider answers at
    // once. (Answers that take time would make the outcome depend on the machine's load.)
    let calls = 0;
    const hangThenAnswer: Attempt = (_lines, signal) => (calls++ === 0 ? new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))) : Promise.resolve(answer));
    const provider = new ResilientProvider("fake", hangThenAnswer, { timeoutMs: 100, concurrency: 1, breaker: { threshold: 5, cooldownMs: 10_000 } });
    const first = provider.validate(GOOD);
    const second = provider.validate(GOOD);
    expect((await failureOf(first)).code).toBe("provider_timeout");
    expect(await second).toBe(answer);
  });

  it("gives up waiting for a slot when the caller's signal aborts, without calling the provider", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_CONCURRENCY: "1" });
    const before = sim.stats().requests;
    const first = provider.validate(GOOD);
    const controller = new AbortController();
    const second = provider.validate(GOOD, { signal: controller.signal });
    controller.abort(new Error("request closed"));
    await expect(second).rejects.toThrow("request closed");
    await first;
    expect(sim.stats().requests - before).toBe(1);
  });

  it("aborts an in-flight call when the caller's signal aborts, and that is no provider failure", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_BREAKER_THRESHOLD: "1" });
    const controller = new AbortController();
    const call = provider.validate(GOOD, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("request closed")), 20);
    await expect(call).rejects.toThrow("request closed");
    // Threshold 1: had the abort counted, the circuit would now be open.
    expect((await provider.validate(GOOD)).level).toBe("building");
  });
});
