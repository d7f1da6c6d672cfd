import { afterAll, describe, expect, it } from "vitest";
import net, { type AddressInfo } from "node:net";
import pg from "pg";
import { config, reloadConfig } from "./config";
import { db, openDatabase, query, type Connection } from "./db";
import { Prisma } from "./generated/prisma/client";

/** A TCP relay to PostgreSQL that can go silent (hold every byte, close nothing), like a cut network. */
async function silenceableRelay(target: URL) {
  const relay = { port: 0, silent: false, held: [] as (() => void)[] };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pipe = (from: net.Socket, to: net.Socket) => from.on("data", (chunk) => (relay.silent ? relay.held.push(() => to.write(chunk)) : to.write(chunk)));
    pipe(client, upstream);
    pipe(upstream, client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  relay.port = (server.address() as AddressInfo).port;
  return {
    relay,
    speak() {
      relay.silent = false;
      for (const send of relay.held.splice(0)) send();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms;) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

// PGlite's LISTEN runs inside this process: there is no connection to lose.
describe.skipIf(process.env.DAKIYA_TEST_DB !== "postgres")("LISTEN on PostgreSQL (PostgreSQL only)", () => {
  let conn: Connection | null = null;
  let relay: Awaited<ReturnType<typeof silenceableRelay>> | null = null;
  afterAll(async () => {
    await conn?.close();
    await relay?.close();
  });

  it("reports the session down within a second of the connection going silent, and up again when it answers", async () => {
    const real = new URL(config().DATABASE_URL!);
    relay = await silenceableRelay(real);
    const viaRelay = new URL(real);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.relay.port);
    process.env.DATABASE_URL = viaRelay.toString();
    reloadConfig();
    try {
      conn = openDatabase();
    } finally {
      process.env.DATABASE_URL = real.toString();
      reloadConfig();
    }
    const states: string[] = [];
    const payloads: string[] = [];
    await conn.listen(
      "dakiya_listen_test",
      (p) => payloads.push(p),
      (s) => states.push(s),
    );
    expect(states).toEqual(["up"]);

    relay.relay.silent = true;
    expect(await until(() => states.at(-1) === "down", 1_000)).toBe(true);

    const other = new pg.Client({ connectionString: real.toString() });
    await other.connect();
    await other.query("SELECT pg_notify('dakiya_listen_test', 'sent while silent')");
    relay.speak();
    expect(await until(() => states.at(-1) === "up", 2_000)).toBe(true);
    expect(states).toEqual(["up", "down", "up"]);
    expect(payloads).toEqual(["sent while silent"]);
    await other.end();
  });
});

describe("query()", () => {
  const probe = Prisma.sql`SELECT current_setting('dakiya.probe', true) AS value`;

  it("runs a statement handed a transaction in that transaction, on both databases", async () => {
    const inside = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('dakiya.probe', 'inside', true)`;
      return query<{ value: string | null }>(tx, probe);
    });
    expect(inside).toEqual([{ value: "inside" }]);
    // The setting was the transaction's own: the client's statement, on the driver, does not see it.
    expect((await query<{ value: string | null }>(db(), probe))[0]?.value ?? "").toBe("");
  });
});
