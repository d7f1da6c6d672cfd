/**
 * A second Dakiya server for the confirmation link's expiry test (e2e/confirm.spec.ts): the same
 * production build of the pages, an in-memory database with one workspace, and the service's one
 * clock moved on request. It prints `READY {"origin", "test_key"}` once listening, then answers each
 * `advance <ms>` line on its standard input with `OK` once the clock has moved.
 */
import type { AddressInfo } from "node:net";
import readline from "node:readline";
import { applyMigrations } from "../prisma/engine";
import { advanceClock } from "../server/clock";
import { connection, db } from "../server/db";
import { buildServer } from "../server/http/server";
import { createWorkspace } from "../server/workspaces";

await applyMigrations(connection().adapterFactory);
const ws = await createWorkspace(db(), { name: "Clockwork Traders", planId: "starter" });
const { app } = await buildServer({ pages: { dev: false } });
await app.listen({ port: 0, host: "127.0.0.1" });
const { port } = app.server.address() as AddressInfo;
console.log(`READY ${JSON.stringify({ origin: `http://127.0.0.1:${port}`, test_key: ws.test_key })}`);

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, ms] = line.trim().split(" ");
  if (command === "advance") {
    advanceClock(Number(ms));
    console.log("OK");
  }
}
await app.close();
process.exit(0);
