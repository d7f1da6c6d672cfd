/** The circuit breaker of the shared provider, against the simulator, with the clock moved by hand. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceClock, setClock } from "../clock";
import { CircuitBreaker } from "./resilience";
import { providerStatus } from "./index";
import { startSimulator, type RunningSimulator } from "./simulator";
import { failureOf, useProvider } from "./test-helpers";

const GOOD = ["Flat 3, 5th Main Road, Jayanagar", "Bengaluru 560041"];
const FAILING = ["Flat 3, 5th Main Road SIMULATE_500", "Bengaluru 560041"];
const HANGING = ["Flat 3, 5th Main Road SIMULATE_HANG", "Bengaluru 560041"];

let sim: RunningSimulator;

beforeAll(async () => {
  // Slow enough that a half-open probe is still in flight when a second caller arrives.
  sim = await startSimulator({ latencyMs: 200 });
});
afterAll(async () => {
  setClock(null);
  await sim.close();
});

describe("circuit breaker", () => {
  it("opens after N consecutive failures, fails fast, probes once after the cool-down and closes on success", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_TIMEOUT_MS: "1000", PROVIDER_BREAKER_THRESHOLD: "3" });
    expect(providerStatus()).toEqual({ name: "simulator", state: "closed", consecutiveFailures: 0 });

    expect((await failureOf(provider.validate(FAILING))).code).toBe("provider_error");
    expect((await failureOf(provider.validate(HANGING))).code).toBe("provider_timeout");
    expect(providerStatus()).toMatchObject({ state: "closed", consecutiveFailures: 2 });
    expect((await failureOf(provider.validate(FAILING))).code).toBe("provider_error");
    expect(providerStatus()).toMatchObject({ state: "open", consecutiveFailures: 3, openedAt: expect.any(String) });

    // Open: no request reaches the provider, and the caller is told when to come back.
    const before = sim.stats().requests;
    const fast = await failureOf(provider.validate(GOOD));
    expect(fast.code).toBe("provider_unavailable");
    expect(fast.status).toBe(503);
    expect(fast.headers).toEqual({ "Retry-After": "30" });
    advanceClock(10_000);
    expect((await failureOf(provider.validate(GOOD))).headers).toEqual({ "Retry-After": "20" });
    expect(sim.stats().requests).toBe(before);

    // Cool-down over: exactly one probe goes through; a concurrent caller still fails fast.
    advanceClock(20_001);
    expect(providerStatus()).toMatchObject({ state: "half_open" });
    const probe = provider.validate(GOOD);
    await vi.waitFor(() => expect(sim.stats().inFlight).toBe(1), { interval: 5 });
    const concurrent = await failureOf(provider.validate(GOOD));
    expect(concurrent.code).toBe("provider_unavailable");
    expect(concurrent.headers).toEqual({ "Retry-After": "1" });
    expect((await probe).level).toBe("building");
    expect(sim.stats().requests - before).toBe(1);
    expect(providerStatus()).toEqual({ name: "simulator", state: "closed", consecutiveFailures: 0 });
    expect((await provider.validate(GOOD)).level).toBe("building");
  });

  it("re-opens when the half-open probe fails", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_BREAKER_THRESHOLD: "2", PROVIDER_BREAKER_COOLDOWN_MS: "5000" });
    await failureOf(provider.validate(FAILING));
    await failureOf(provider.validate(FAILING));
    const firstOpened = providerStatus()?.openedAt;
    expect(providerStatus()).toMatchObject({ state: "open" });

    advanceClock(5_000);
    const before = sim.stats().requests;
    expect((await failureOf(provider.validate(FAILING))).code).toBe("provider_error");
    expect(sim.stats().requests - before).toBe(1);
    const status = providerStatus();
    expect(status).toMatchObject({ state: "open", consecutiveFailures: 3 });
    expect(status?.openedAt).not.toBe(firstOpened);

    const fast = await failureOf(provider.validate(GOOD));
    expect(fast.code).toBe("provider_unavailable");
    expect(fast.headers).toEqual({ "Retry-After": "5" });
    expect(sim.stats().requests - before).toBe(1);
  });

  it("does not count the caller's own 400s, and they do not break a run of failures either", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_BREAKER_THRESHOLD: "2" });
    for (let i = 0; i < 3; i++) {
      const err = await failureOf(provider.validate(["   "]));
      expect(err.code).toBe("provider_error");
      expect(err.message).toContain("INVALID_ARGUMENT");
    }
    expect(providerStatus()).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    await failureOf(provider.validate(FAILING));
    await failureOf(provider.validate(["   "]));
    expect(providerStatus()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    await failureOf(provider.validate(FAILING));
    expect(providerStatus()).toMatchObject({ state: "open", consecutiveFailures: 2 });
  });

  it("a success resets the run of failures", async () => {
    const provider = useProvider({ DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: sim.url, PROVIDER_BREAKER_THRESHOLD: "2" });
    await failureOf(provider.validate(FAILING));
    await provider.validate(GOOD);
    await failureOf(provider.validate(FAILING));
    expect(providerStatus()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
  });
});

describe("CircuitBreaker", () => {
  it("frees the half-open probe when it ends saying nothing about the provider", () => {
    const breaker = new CircuitBreaker("t", { threshold: 1, cooldownMs: 1000 });
    breaker.failed(breaker.admit());
    advanceClock(1000);
    const probe = breaker.admit();
    expect(probe.probe).toBe(true);
    expect(() => breaker.admit()).toThrow(expect.objectContaining({ code: "provider_unavailable" }));
    breaker.released(probe);
    expect(breaker.admit().probe).toBe(true);
  });

  it("ignores a late success from a call admitted before the circuit opened", () => {
    const breaker = new CircuitBreaker("t", { threshold: 1, cooldownMs: 1000 });
    const early = breaker.admit();
    breaker.failed(breaker.admit());
    breaker.succeeded(early);
    expect(breaker.status().state).toBe("open");
  });
});
