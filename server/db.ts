import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { config } from "./config";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Anything that can run queries: the client or an open transaction. */
export type DbOrTx = PrismaClient | Tx;

export class DatabaseLockedError extends Error {}

/**
 * PGlite keeps its data in one directory that only one process may open. A lock file beside it
 * names the holder, so a second process (the CLI while `npm run dev` runs) fails at once with a
 * message instead of corrupting the data. A lock left by a dead process is taken over.
 */
function lockPgliteDir(dir: string): () => void {
  fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const lockPath = `${path.resolve(dir)}.lock`;
  const holder = JSON.stringify({ pid: process.pid, command: process.argv.slice(1).join(" "), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, holder, { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === holder) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let current: { pid?: number; command?: string; since?: string } = {};
      try {
        current = JSON.parse(fs.readFileSync(lockPath, "utf8"));
      } catch {
        /* unreadable lock: treat as stale */
      }
      if (current.pid && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DatabaseLockedError(
          `The embedded database at ${dir} is in use by process ${current.pid} (${current.command ?? "unknown"}, since ${current.since ?? "?"}). ` +
            "Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database at ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface Connection {
  prisma: PrismaClient;
  /** The driver adapter factory, for the schema engine (migrations). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  kind: "postgres" | "pglite";
  /** LISTEN on a channel; the callback gets each NOTIFY payload. Resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * One statement straight on the driver (`pg`'s pool, or PGlite), skipping Prisma's client runtime,
   * which costs several times the query itself: for the few statements of the verification and batch
   * hot path (docs/performance.md). Written with `Prisma.sql`, like `$queryRaw`.
   */
  query<T>(statement: Prisma.Sql): Promise<T[]>;
  close(): Promise<void>;
}

/** Each client's connection, for `query`. */
const owners = new WeakMap<PrismaClient, Connection>();

/** Connection.query on the connection that owns `db`. */
export function query<T>(db: PrismaClient, statement: Prisma.Sql): Promise<T[]> {
  const owner = owners.get(db);
  if (!owner) throw new Error("query() needs a client made by openDatabase()");
  return owner.query<T>(statement);
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openDatabase(): Connection {
  const opened = open();
  owners.set(opened.prisma, opened);
  return opened;
}

function open(): Connection {
  const { DATABASE_URL, PGLITE_DIR } = config();
  if (DATABASE_URL) {
    // One pool we own, shared by Prisma and the schema engine, so closing it ends every connection.
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    const adapterFactory = new PrismaPg(pool);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    const listeners: pg.PoolClient[] = [];
    return {
      prisma,
      adapterFactory,
      kind: "postgres",
      async query<T>(statement: Prisma.Sql) {
        return (await pool.query(statement.text, statement.values)).rows as T[];
      },
      async listen(channel, onPayload) {
        // A dedicated connection: LISTEN belongs to a session, which a pooled query would not keep.
        const client = await pool.connect();
        listeners.push(client);
        client.on("notification", (n) => n.channel === channel && onPayload(n.payload ?? ""));
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
          listeners.splice(listeners.indexOf(client), 1);
          client.release();
        };
      },
      async close() {
        for (const client of listeners.splice(0)) client.release();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const inMemory = PGLITE_DIR.startsWith("memory://");
  const release = inMemory ? () => {} : lockPgliteDir(PGLITE_DIR);
  const pglite = new PGlite(inMemory ? PGLITE_DIR : path.resolve(PGLITE_DIR));
  const adapterFactory = new PrismaPGlite(pglite);
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    prisma,
    adapterFactory,
    kind: "pglite",
    // PGlite runs one query at a time and waits for an open transaction to end, as Prisma's own queries do.
    async query<T>(statement: Prisma.Sql) {
      return (await pglite.query<T>(statement.text, statement.values)).rows;
    },
    async listen(channel, onPayload) {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      release();
    },
  };
}

// One connection per process: the server, the runner and the procedures share it.
let current: Connection | undefined;

export function connection(): Connection {
  current ??= openDatabase();
  return current;
}

export function db(): PrismaClient {
  return connection().prisma;
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}
