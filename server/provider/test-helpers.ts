/** Shared set-up for the provider tests (not used at run time). */
import { reloadConfig } from "../config";
import { DakiyaError } from "../errors";
import { getProvider, resetProvider, type Provider } from "./index";

const KEYS = [
  "DAKIYA_PROVIDER",
  "PROVIDER_BASE_URL",
  "GOOGLE_MAPS_API_KEY",
  "PROVIDER_TIMEOUT_MS",
  "PROVIDER_CONCURRENCY",
  "PROVIDER_BREAKER_THRESHOLD",
  "PROVIDER_BREAKER_COOLDOWN_MS",
  "PROVIDER_SIM_PORT",
];

/** A fresh shared provider built from exactly these settings (the rest at their defaults). */
export function useProvider(env: Record<string, string>): Provider {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, env);
  reloadConfig();
  resetProvider();
  const provider = getProvider();
  if (!provider) throw new Error("expected a provider");
  return provider;
}

/** The DakiyaError a call rejects with (fails the test if it resolves or throws something else). */
export async function failureOf(call: Promise<unknown>): Promise<DakiyaError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof DakiyaError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}
