import { z } from "zod";

/**
 * The one configuration module: every setting read from the environment, with its default,
 * validated once. A bad value stops start-up with a message naming the variable.
 */
const bool = z.enum(["1", "0", "true", "false", "yes", "no", ""]).transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address the server listens on. */
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL connection string; unset means the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Absolute origin used in links such as results_url when the request's own origin is not wanted. */
  DAKIYA_PUBLIC_URL: z.string().url().optional(),
  DAKIYA_PROVIDER: z.enum(["google", "simulator", "none"]).optional(),
  PROVIDER_BASE_URL: z.string().url().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).default(16),
  PROVIDER_SIM_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  /** Simulator knobs (docs/provider.md): fixed delay, extra random delay up to, share of random 503s. */
  PROVIDER_SIM_LATENCY_MS: z.coerce.number().int().min(0).default(0),
  PROVIDER_SIM_JITTER_MS: z.coerce.number().int().min(0).default(0),
  PROVIDER_SIM_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Consecutive failed provider calls that open the circuit, and how long it stays open. */
  PROVIDER_BREAKER_THRESHOLD: z.coerce.number().int().min(1).default(5),
  PROVIDER_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(1).default(30_000),
  /** How long a batch row claimed by a worker stays its own; a crashed worker's rows are retried after it. */
  BATCH_ROW_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long one webhook attempt waits for the receiver's response before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** Lets webhooks go to loopback and private addresses, over plain http too: development and tests only. */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** Signs console sessions; required in production (better-auth refuses its default there). */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The console's public origin for better-auth; unset, it is taken from each request. */
  BETTER_AUTH_URL: z.string().url().optional(),
  /** With Inngest, how long a batch must sit untouched, or a webhook delivery overdue, before the sweep sends its event again. */
  SWEEP_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
  INNGEST_DEV: bool.default(false),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  /**
   * The origin Inngest is told to call this app at (`https://dakiya.example.com`); default
   * DAKIYA_PUBLIC_URL. Never taken from a request's Host header. Required in production with Inngest.
   */
  INNGEST_SERVE_ORIGIN: z.string().url().optional(),
  /** Log one line per API request to stdout. */
  DAKIYA_LOG_REQUESTS: bool.default(true),
  /** pino's level for the server's JSON log lines. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Behind a proxy that sets X-Forwarded-For/-Proto: the client's address (sign-in throttle) and scheme (links) come from them. */
  TRUST_PROXY: bool.default(false),
  /**
   * A map tile server for the buyer's confirmation page, `{z}`/`{x}`/`{y}` in its path
   * (`https://tiles.example/{z}/{x}/{y}.png`); unset, the page draws the DIGIPIN cell and no map.
   */
  MAP_TILE_URL: z
    .string()
    .url()
    .refine((u) => u.startsWith("https://") || u.startsWith("http://"), "must be an http(s) URL")
    .refine((u) => ["{z}", "{x}", "{y}"].every((p) => u.includes(p)), "must contain {z}, {x} and {y}")
    .optional(),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type Config = z.infer<typeof schema> & { provider: "google" | "simulator" | "none" };

function load(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const provider = c.DAKIYA_PROVIDER ?? (c.NODE_ENV === "production" ? "none" : "simulator");
  if (provider === "google" && !c.GOOGLE_MAPS_API_KEY) {
    throw new Error("Invalid configuration:\n  GOOGLE_MAPS_API_KEY: required when DAKIYA_PROVIDER=google");
  }
  if (c.INNGEST_DEV && c.NODE_ENV === "production") {
    // INNGEST_DEV turns off the signature check on /api/inngest: anyone could run the functions.
    throw new Error("Invalid configuration:\n  INNGEST_DEV: not allowed with NODE_ENV=production (it turns off Inngest's request signing); set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY");
  }
  if (c.NODE_ENV === "production" && (c.INNGEST_EVENT_KEY || c.INNGEST_SIGNING_KEY) && !c.INNGEST_SERVE_ORIGIN && !c.DAKIYA_PUBLIC_URL) {
    // Without it the Inngest SDK would sync the app to whatever Host header a request to /api/inngest carries.
    throw new Error(
      "Invalid configuration:\n  INNGEST_SERVE_ORIGIN: required with Inngest in production (the origin Inngest calls, e.g. https://dakiya.example.com); or set DAKIYA_PUBLIC_URL",
    );
  }
  return { ...c, provider };
}

/**
 * The service's public origin from configuration alone: DAKIYA_PUBLIC_URL, else (development) this
 * server on localhost. Never a request's Host, so nothing a client sends ends up in a link or a signed payload.
 */
export function publicOrigin(c: Config = config()): string {
  return c.DAKIYA_PUBLIC_URL?.replace(/\/+$/, "") ?? `http://localhost:${c.PORT}`;
}

/** The one origin the Inngest handler syncs: the setting, the public URL, or (development) this server on localhost. */
export function inngestServeOrigin(c: Config = config()): string {
  return c.INNGEST_SERVE_ORIGIN ?? c.DAKIYA_PUBLIC_URL ?? `http://localhost:${c.PORT}`;
}

let cached: Config | null = null;

export function config(): Config {
  cached ??= load(process.env);
  return cached;
}

/** Tests change the environment between suites; this makes the next read see it. */
export function reloadConfig(): Config {
  cached = null;
  return config();
}
