import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { config } from "./config";
import { DakiyaError } from "./errors";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Anything that can run queries: the client or an open transaction. */
export type DbOrTx = PrismaClient | Tx;

export class DatabaseLockedError extends Error {}

/** Seconds a client is told to wait when the database does not answer: about what a restart takes. */
export const DATABASE_RETRY_AFTER_S = 5;

// SQLSTATE classes and codes meaning "the database cannot serve now" (not "this statement is wrong"):
// 08 connection exceptions, 57P01-57P03 shutdown and start-up, 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// Prisma's driver-adapter error kinds (both adapters) and its connection error codes (P1001 unreachable,
// P1002 timed out, P1017 connection closed, P2024 no pooled connection in time).
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNAVAILABLE_PRISMA = new Set(["P1001", "P1002", "P1017", "P2024"]);
// pg's own errors without a code: a connection ended under a query, a pool that could not connect in time.
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server/;

/** Whether a failure means the database is unreachable, restarting or refusing connections, looked for through causes. */
function isUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
  if (typeof e.code === "string" && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_SOCKET.has(e.code) || UNAVAILABLE_PRISMA.has(e.code))) return true;
  if (typeof e.kind === "string" && UNAVAILABLE_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return isUnavailable(e.meta?.driverAdapterError?.cause, depth + 1) || isUnavailable(e.cause, depth + 1);
}

/**
 * The one place a database connection failure (pg's, either Prisma adapter's) becomes the contract's
 * `503 provider_unavailable` with Retry-After: null for anything else. server/api/errors.ts applies it
 * to every failure, so no endpoint answers 500 while the database is down; the pool reconnects by itself.
 */
export function databaseUnavailable(err: unknown): DakiyaError | null {
  if (err instanceof DakiyaError || !isUnavailable(err)) return null;
  return new DakiyaError("provider_unavailable", "The database is not answering; try again shortly.", {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) },
    cause: err,
  });
}

/**
 * PGlite keeps its data in one directory that only one process may open. A lock file beside it
 * names the holder, so a second process (the CLI while `npm run dev` runs) fails at once with a
 * message instead of corrupting the data. A lock left by a dead process is taken over.
 */
/** The holder as its user started it: `npm run dev` rather than the path of scripts/serve.ts. */
function holderName(command: string | undefined): string {
  if (!command) return "an unknown command";
  if (/serve\.ts dev$/.test(command)) return "npm run dev";
  if (/serve\.(mjs|ts) start$/.test(command)) return "npm start";
  const cli = /(?:dakiya\.mjs|cli\.ts) (.*)$/.exec(command);
  return cli ? `dakiya ${cli[1]}` : command;
}

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
        current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as typeof current;
      } catch {
        /* unreadable lock: treat as stale */
      }
      if (current.pid && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DatabaseLockedError(
          `The embedded database at ${dir} is in use by ${holderName(current.command)} (process ${current.pid}, since ${current.since ?? "?"}). ` +
            "Stop it (Ctrl-C in its terminal) and run this again, or set DATABASE_URL to use PostgreSQL, which the server and the CLI can share.",
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
  /**
   * LISTEN on a channel; `onPayload` gets each NOTIFY payload. `onState` hears "up" each time the
   * listening session is (re)established or proven alive again, and "down" when it is lost or has not
   * answered a heartbeat in time: notifications may be missed meanwhile. A lost session is re-opened
   * with backoff. Resolves to an unsubscribe function.
   */
  listen(channel: string, onPayload: (payload: string) => void, onState?: (state: "up" | "down") => void): Promise<() => Promise<void>>;
  /**
   * One statement straight on the driver (`pg`'s pool, or PGlite), skipping Prisma's client runtime,
   * which costs several times the query itself: for the few statements of the verification and batch
   * hot path (docs/performance.md). Written with `Prisma.sql`, like `$queryRaw`.
   */
  query<T>(statement: Prisma.Sql): Promise<T[]>;
  close(): Promise<void>;
}

const LISTEN_RETRY_FIRST_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;
/** How often the LISTEN session proves it is alive; an answer overdue by this much makes it "down". */
const LISTEN_HEARTBEAT_MS = 300;
/** No answer for this long: the connection is given up and re-opened. */
const LISTEN_DEAD_AFTER_MS = 10_000;

/**
 * A LISTEN session on its own connection (LISTEN belongs to a session, which a pooled query would not
 * keep). When the backend goes away (restart, pg_terminate_backend, network) the session is re-opened
 * with exponential backoff. A heartbeat on the same connection catches a silent cut too: PostgreSQL
 * sends a session its notifications before answering its next query, so an answered heartbeat proves
 * every notification committed before it was sent has arrived. `onState` hears "down" as soon as a
 * heartbeat is overdue or the session is lost, and "up" when it answers again. `ready` settles after
 * the first attempt, whether it connected or not.
 */
function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (state: "up" | "down") => void = () => {},
): (() => Promise<void>) & { ready: Promise<void> } {
  let current: pg.Client | null = null;
  let stopped = false;
  let healthy = false;
  let delay = LISTEN_RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const setHealthy = (up: boolean) => {
    if (up === healthy) return;
    healthy = up;
    onState(up ? "up" : "down");
  };
  const lost = (client: pg.Client, err?: Error) => {
    if (current !== client) return;
    current = null;
    client.end().catch(() => {});
    if (stopped) return;
    console.error(`database: LISTEN ${channel} lost (${err?.message ?? "connection ended"}); reconnecting`);
    setHealthy(false);
    retry();
  };
  const retry = () => {
    timer = setTimeout(() => void open(), delay);
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  const heartbeat = (client: pg.Client) => {
    let sentAt: number | null = null;
    const beat = setInterval(() => {
      if (current !== client) return clearInterval(beat);
      if (sentAt !== null) {
        const waited = performance.now() - sentAt;
        if (waited >= LISTEN_HEARTBEAT_MS) setHealthy(false);
        if (waited >= LISTEN_DEAD_AFTER_MS) {
          clearInterval(beat);
          lost(client, new Error(`no answer for ${LISTEN_DEAD_AFTER_MS} ms`));
        }
        return;
      }
      sentAt = performance.now();
      client.query("SELECT 1").then(
        () => {
          sentAt = null;
          if (current === client) setHealthy(true);
        },
        () => {},
      );
    }, LISTEN_HEARTBEAT_MS);
    beat.unref();
  };
  const open = async () => {
    // Named, so an operator can tell it apart in pg_stat_activity (and exempt it from idle-connection killers).
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: `dakiya listen ${channel}` });
    client.on("error", (err) => lost(client, err));
    client.on("end", () => lost(client));
    client.on("notification", (n) => n.channel === channel && onPayload(n.payload ?? ""));
    try {
      current = client;
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      // An "error" event during connect has already been handled by lost(), retry included.
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      if (stopped) return;
      console.error(`database: cannot LISTEN ${channel} (${(err as Error).message}); retrying`);
      setHealthy(false);
      retry();
      return;
    }
    if (stopped || current !== client) {
      await client.end().catch(() => {});
      return;
    }
    delay = LISTEN_RETRY_FIRST_MS;
    setHealthy(true);
    heartbeat(client);
  };

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    // Whoever relied on the notifications must not go on as if they still came.
    setHealthy(false);
    await client?.end().catch(() => {});
  };
  return Object.assign(stop, { ready: open() });
}

/**
 * Hot statements are prepared: each pooled connection parses one the first time it runs it and only
 * binds it after that. Their text is fixed (the values are parameters, many rows one JSON value), so
 * a process names a few dozen; past the cap, a new text runs unnamed rather than filling every
 * connection's memory with statements.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 100;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `dakiya_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Each client's connection, for `query`. */
const owners = new WeakMap<DbOrTx, Connection>();

/**
 * One statement of the hot path, written with `Prisma.sql`. Which statements go where:
 * - `query()`: the few fixed statements of the verification and batch hot path (the verification's
 *   history read and insert with its charge, the quota charge, batch row claims and settlements),
 *   where Prisma's client runtime would cost several times the statement (docs/performance.md).
 *   Their results are cast in SQL (`::int`), so either path below gives the same values.
 * - Prisma's client (models, `$transaction`, `$queryRaw`): every other statement.
 * Given the client, `query()` runs the statement straight on the driver (Connection.query). Given a
 * transaction, it runs it in that transaction, through Prisma, which holds the transaction's
 * connection. Inside a transaction's callback, hand it the transaction, never the client: the client's
 * statement would run outside the transaction, and on PGlite (one connection) wait for it forever.
 */
export function query<T>(db: DbOrTx, statement: Prisma.Sql): Promise<T[]> {
  const owner = owners.get(db);
  return owner ? owner.query<T>(statement) : db.$queryRaw<T[]>(statement);
}

/**
 * PGlite's shared buffers. PostgreSQL's default (128 MB) lives in the server's own memory here (the
 * WASM heap, which never shrinks), and once filled it was most of what the server on PGlite holds more
 * than on PostgreSQL (a peak of 599 MB against 420 in the verify bench). The operating system caches
 * the data directory's files as it does PostgreSQL's (docs/performance.md).
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openDatabase(): Connection {
  const opened = open();
  owners.set(opened.prisma, opened);
  return opened;
}

function open(): Connection {
  const { DATABASE_URL, PGLITE_DIR } = config();
  if (DATABASE_URL) {
    // One pool we own for Prisma and our own statements, so closing it ends every connection. The
    // schema engine gets a pool of its own per run, closed when the run ends (prisma/engine.ts).
    // A connection that cannot be made in 5 s fails (a 503), rather than holding a request until its client gives up.
    // JIT off: PostgreSQL compiles a statement it guesses costly (the purge's chunk, the preview) anew on
    // every run, about a fifth of a purge chunk's CPU, and no statement here runs long enough to repay it
    // (docs/performance.md, "Privacy purge").
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, connectionTimeoutMillis: 5_000, options: "-c jit=off" });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    // An idle pooled connection whose backend ends emits "error" on the pool; unheard, it would crash the process.
    pool.on("error", (err) => console.error("database: an idle connection was closed:", err.message));
    const listeners = new Set<() => Promise<void>>();
    return {
      prisma,
      adapterFactory: new PrismaPg({ connectionString: DATABASE_URL }),
      kind: "postgres",
      async query<T>(statement: Prisma.Sql) {
        return (await pool.query({ name: statementName(statement.text), text: statement.text, values: statement.values })).rows as T[];
      },
      async listen(channel, onPayload, onState) {
        const stop = listenWithReconnect(DATABASE_URL, channel, onPayload, onState);
        listeners.add(stop);
        await stop.ready;
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      async close() {
        for (const stop of listeners) await stop();
        listeners.clear();
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const inMemory = PGLITE_DIR.startsWith("memory://");
  const release = inMemory ? () => {} : lockPgliteDir(PGLITE_DIR);
  const pglite = new PGlite(inMemory ? PGLITE_DIR : path.resolve(PGLITE_DIR), {
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
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
    async listen(channel, onPayload, onState) {
      // In-process: the session cannot drop.
      const unlisten = await pglite.listen(channel, onPayload);
      onState?.("up");
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
