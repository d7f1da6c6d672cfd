/**
 * The external address validation provider: one shared, resilient instance per process, chosen by
 * config (google, simulator or none). Single verifications and batch rows both call getProvider().
 */
import { config, type Config } from "../config";
import { validateOnce, type GoogleEndpoint, type Provider } from "./google";
import { ResilientProvider, type ProviderStatus } from "./resilience";
import { breakerState, onCollect } from "../metrics";

export type { Provider, ProviderComponent, ProviderResult } from "./google";
export type { BreakerState, ProviderStatus } from "./resilience";

const GOOGLE_BASE_URL = "https://addressvalidation.googleapis.com";

// One per process: single verifications and batch rows share its breaker and concurrency cap.
let instance: ResilientProvider | null | undefined;

/** Where the configured provider is called and with which key. */
export function providerEndpoint(c: Config): GoogleEndpoint {
  return c.provider === "google"
    ? { baseUrl: c.PROVIDER_BASE_URL ?? GOOGLE_BASE_URL, apiKey: c.GOOGLE_MAPS_API_KEY ?? "" }
    : // The simulator wants a key but ignores its value; never send it the real one.
      { baseUrl: c.PROVIDER_BASE_URL ?? `http://127.0.0.1:${c.PROVIDER_SIM_PORT}`, apiKey: "simulator" };
}

function build(): ResilientProvider | null {
  const c = config();
  if (c.provider === "none") return null;
  const endpoint = providerEndpoint(c);
  return new ResilientProvider(c.provider, (lines, signal) => validateOnce(endpoint, lines, signal), {
    timeoutMs: c.PROVIDER_TIMEOUT_MS,
    concurrency: c.PROVIDER_CONCURRENCY,
    breaker: { threshold: c.PROVIDER_BREAKER_THRESHOLD, cooldownMs: c.PROVIDER_BREAKER_COOLDOWN_MS },
  });
}

/** The process's provider, or null when DAKIYA_PROVIDER=none. */
export function getProvider(): Provider | null {
  if (instance === undefined) instance = build();
  return instance;
}

/** Circuit state for the console; null when there is no provider. */
export function providerStatus(): ProviderStatus | null {
  getProvider();
  return instance?.status() ?? null;
}

/** Tests: forget the shared instance (breaker, semaphore) so the next call reads config afresh. */
export function resetProvider(): void {
  instance = undefined;
}

const BREAKER_GAUGE = { closed: 0, half_open: 1, open: 2 } as const;

onCollect(() => {
  const status = providerStatus();
  breakerState.reset();
  if (status) breakerState.set({ provider: status.name }, BREAKER_GAUGE[status.state]);
});
