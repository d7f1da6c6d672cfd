import type { AddressInfo } from "node:net";
import { applyMigrations } from "../../prisma/engine";
import { normalizeAddress } from "../addresses";
import { config } from "../config";
import { closeDatabase, connection } from "../db";
import { buildServer, type DakiyaServer } from "./server";

export interface RunningServer extends DakiyaServer {
  port: number;
  /** Stops accepting, lets started work settle (bounded), releases the rest, closes the database. */
  stop(): Promise<void>;
}

const MIGRATION_TRIES = 5;

/**
 * Applies pending migrations. Instances started together over one PostgreSQL take turns on the
 * schema engine's advisory lock, whose wait is bounded: one that times out waiting tries again.
 */
async function migrate(): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyMigrations(connection().adapterFactory);
    } catch (err) {
      if (attempt >= MIGRATION_TRIES) throw err;
      console.error(`dakiya: migrations failed (try ${attempt} of ${MIGRATION_TRIES}), trying again: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

/**
 * A Dakiya process: migrate, load the address data, serve, and run the background work in process
 * when Inngest is not configured. `npm run dev`, `npm start` and the process tests start it.
 */
export async function startServer(options: { pages: false | { dev: boolean } }): Promise<RunningServer> {
  const c = config();
  const applied = await migrate();
  // The pincode directory loads now, not during the first request (or a batch row's lease).
  normalizeAddress("12 MG Road, Bengaluru 560001");

  const server = await buildServer({ pages: options.pages });
  const { app, scheduler } = server;
  if (applied.length) app.log.info({ migrations: applied }, "applied migrations");
  await app.listen({ port: c.PORT, host: c.HOST });
  const port = (app.server.address() as AddressInfo).port;
  scheduler.start();

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      const drainMs = c.PROVIDER_TIMEOUT_MS + 2_000;
      await Promise.all([app.close(), scheduler.stop({ deadlineMs: drainMs })]);
      await server.pages?.close();
      await closeDatabase();
    })());
  return { ...server, port, stop };
}

/** SIGTERM or SIGINT: drain and exit 0; a drain that overruns its window is cut short. */
export function stopOnSignals(server: RunningServer): void {
  const drainMs = config().PROVIDER_TIMEOUT_MS + 2_000;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal }, "stopping: draining started work");
      setTimeout(() => process.exit(0), drainMs + 1_000).unref();
      server.stop().then(
        () => process.exit(0),
        (err) => {
          server.app.log.error({ err }, "stop failed");
          process.exit(1);
        },
      );
    });
  }
}
