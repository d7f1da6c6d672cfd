/**
 * Everything between a caller and one provider attempt: the process-wide concurrency cap, the
 * circuit breaker, per-attempt timeouts and bounded retries. Rules and their reasons: docs/provider.md.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { nowMs } from "../clock";
import { DakiyaError } from "../errors";
import { providerCallDuration, providerCalls } from "../metrics";
import { ProviderFailure, type FailureKind, type Provider, type ProviderResult } from "./google";

/** A FIFO counting semaphore: a freed slot goes straight to the longest waiter, so nobody barges. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves with the slot's release function; rejects with the signal's reason if it aborts first. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(grant);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason);
      };
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(grant);
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // Hand the slot over without freeing it, so `active` never dips below what is really in use.
      if (next) next();
      else this.active--;
    };
  }
}

export type BreakerState = "closed" | "open" | "half_open";

export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
}

/** What admit() granted; the outcome must be reported with the same ticket. */
export interface BreakerTicket {
  probe: boolean;
}

export class CircuitBreaker {
  private state: BreakerState = "closed";
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;

  constructor(
    private readonly name: string,
    private readonly options: BreakerOptions,
  ) {}

  private current(): BreakerState {
    if (this.state === "open" && this.openedAt !== null && nowMs() - this.openedAt >= this.options.cooldownMs) {
      this.state = "half_open";
      this.probing = false;
    }
    return this.state;
  }

  /** Throws provider_unavailable when a call may not reach the provider now; claims nothing. */
  check(): void {
    const state = this.current();
    if (state === "open" || (state === "half_open" && this.probing)) throw this.unavailable();
  }

  /** Lets a call through; in half-open state only the first caller, as the probe. */
  admit(): BreakerTicket {
    this.check();
    if (this.state === "half_open") {
      this.probing = true;
      return { probe: true };
    }
    return { probe: false };
  }

  succeeded(ticket: BreakerTicket): void {
    // While open, only the probe decides; a late answer to a call admitted earlier does not.
    if (!ticket.probe && this.state !== "closed") return;
    this.state = "closed";
    this.failures = 0;
    this.openedAt = null;
    this.probing = false;
  }

  failed(ticket: BreakerTicket): void {
    if (ticket.probe) {
      this.failures++;
      this.open();
    } else if (this.state === "closed") {
      this.failures++;
      if (this.failures >= this.options.threshold) this.open();
    }
  }

  /** The call ended without saying anything about the provider's health (caller aborted, caller's 400). */
  released(ticket: BreakerTicket): void {
    if (ticket.probe) this.probing = false;
  }

  status(): { state: BreakerState; consecutiveFailures: number; openedAt?: string } {
    const state = this.current();
    return {
      state,
      consecutiveFailures: this.failures,
      ...(state !== "closed" && this.openedAt !== null ? { openedAt: new Date(this.openedAt).toISOString() } : {}),
    };
  }

  private open(): void {
    this.state = "open";
    this.openedAt = nowMs();
    this.probing = false;
  }

  private unavailable(): DakiyaError {
    const left = this.openedAt === null ? 0 : this.openedAt + this.options.cooldownMs - nowMs();
    const seconds = Math.max(1, Math.ceil(left / 1000));
    return new DakiyaError("provider_unavailable", `The address validation provider (${this.name}) is unavailable after ${this.failures} consecutive failures; retry in ${seconds} s.`, {
      headers: { "Retry-After": String(seconds) },
    });
  }
}

export interface ResilienceOptions {
  timeoutMs: number;
  concurrency: number;
  breaker: BreakerOptions;
}

export interface ProviderStatus {
  name: string;
  state: BreakerState;
  consecutiveFailures: number;
  openedAt?: string;
}

export type Attempt = (addressLines: string[], signal: AbortSignal) => Promise<ProviderResult>;

const MAX_RETRIES = 2;
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 200;
/** Only failures that happened before the provider could act on the request are retried. */
const RETRYABLE: ReadonlySet<FailureKind> = new Set(["connection", "unavailable"]);

class AttemptTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

export class ResilientProvider implements Provider {
  private readonly slots: Semaphore;
  private readonly breaker: CircuitBreaker;

  constructor(
    readonly name: string,
    private readonly attempt: Attempt,
    private readonly options: ResilienceOptions,
  ) {
    this.slots = new Semaphore(options.concurrency);
    this.breaker = new CircuitBreaker(name, options.breaker);
  }

  status(): ProviderStatus {
    return { name: this.name, ...this.breaker.status() };
  }

  async validate(addressLines: string[], opts: { signal?: AbortSignal } = {}): Promise<ProviderResult> {
    const started = performance.now();
    let outcome = "ok";
    try {
      return await this.validateOnce(addressLines, opts.signal);
    } catch (err) {
      outcome = err instanceof DakiyaError ? err.code : opts.signal?.aborted ? "aborted" : "error";
      throw err;
    } finally {
      providerCalls.inc({ provider: this.name, outcome });
      providerCallDuration.observe({ provider: this.name, outcome }, (performance.now() - started) / 1000);
    }
  }

  private async validateOnce(addressLines: string[], signal: AbortSignal | undefined): Promise<ProviderResult> {
    signal?.throwIfAborted();
    this.breaker.check();
    const release = await this.slots.acquire(signal);
    try {
      // Checked again: the circuit may have opened while this call waited for its slot.
      const ticket = this.breaker.admit();
      try {
        const result = await this.withRetries(addressLines, signal);
        this.breaker.succeeded(ticket);
        return result;
      } catch (err) {
        if (signal?.aborted || !(err instanceof ProviderFailure || err instanceof AttemptTimeout)) {
          this.breaker.released(ticket);
          throw signal?.aborted ? signal.reason : err;
        }
        if (err instanceof ProviderFailure && err.kind === "invalid_request") this.breaker.released(ticket);
        else this.breaker.failed(ticket);
        throw toDakiyaError(this.name, err);
      }
    } finally {
      release();
    }
  }

  /**
   * Retries only where the provider cannot have acted on the request, never after a timeout, and
   * never past 2 × timeoutMs from the first attempt, so a call is bounded whatever fails.
   */
  private async withRetries(addressLines: string[], signal: AbortSignal | undefined): Promise<ProviderResult> {
    const { timeoutMs } = this.options;
    const deadline = performance.now() + 2 * timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const budget = Math.min(timeoutMs, deadline - performance.now());
      try {
        return await this.once(addressLines, budget, signal);
      } catch (err) {
        if (!(err instanceof ProviderFailure) || !RETRYABLE.has(err.kind) || attempt >= MAX_RETRIES) throw withAttempts(err, attempt + 1);
        const backoff = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
        if (performance.now() + backoff >= deadline) throw withAttempts(err, attempt + 1);
        await sleep(backoff, undefined, { signal });
      }
    }
  }

  private async once(addressLines: string[], budgetMs: number, signal: AbortSignal | undefined): Promise<ProviderResult> {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(), budgetMs);
    try {
      return await this.attempt(addressLines, signal ? AbortSignal.any([signal, timer.signal]) : timer.signal);
    } catch (err) {
      if (timer.signal.aborted && !signal?.aborted) throw new AttemptTimeout(Math.round(budgetMs));
      throw err;
    } finally {
      clearTimeout(handle);
    }
  }
}

function withAttempts(err: unknown, attempts: number): unknown {
  if (err instanceof ProviderFailure && attempts > 1) {
    return new ProviderFailure(err.kind, `${err.message} (after ${attempts} attempts)`, { cause: err.cause });
  }
  return err;
}

function toDakiyaError(name: string, err: ProviderFailure | AttemptTimeout): DakiyaError {
  if (err instanceof AttemptTimeout) {
    return new DakiyaError("provider_timeout", `The address validation provider (${name}) did not answer within ${err.ms} ms.`);
  }
  return new DakiyaError("provider_error", `The address validation provider (${name}) failed: ${err.message}`, { cause: err });
}
