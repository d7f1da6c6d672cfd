import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../scripts/free-port";

/**
 * A PostgreSQL cluster of a test's own (initdb and pg_ctl run as user postgres in a temp directory, on
 * a free port), for fault tests that stop and start a database: the shared server on 5432 is never
 * touched. `available` is false, with the reason, where the binaries or the postgres user are absent.
 */
const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export const privatePostgres: { available: boolean; reason: string } = (() => {
  if (!fs.existsSync(path.join(BIN, "initdb")) || !fs.existsSync(path.join(BIN, "pg_ctl"))) return { available: false, reason: `no initdb/pg_ctl in ${BIN}` };
  if (process.getuid?.() !== 0) return { available: false, reason: "runuser -u postgres needs root" };
  return { available: true, reason: "" };
})();

export interface PrivateCluster {
  /** The `postgres` database on the cluster, as user postgres (trust authentication). */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every session is ended (57P01), new connections are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  remove(): Promise<void>;
}

const asPostgres = (cmd: string, args: string[]) => run("runuser", ["-u", "postgres", "--", path.join(BIN, cmd), ...args]);

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dakiya-pg-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  await asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await asPostgres("pg_ctl", ["start", "-w", "-D", data, "-l", log, "-o", opts]);
  };
  const stop = async () => {
    await asPostgres("pg_ctl", ["stop", "-w", "-m", "fast", "-D", data]);
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async remove() {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
