import { afterAll, expect, it } from "vitest";
import { killServerProcesses, poll, startServerProcess } from "./server-process";

/**
 * The request log as an operator reads it from a server process's stdout. It is written a few kilobytes at a time
 * (server/http/server.ts, `LOG_BUFFER`): a line still comes out while the server runs, without a stop, and every
 * line is out once a graceful stop (SIGTERM) has ended the process.
 */
afterAll(() => killServerProcesses());

function requestLines(out: string): unknown[] {
  return out
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string })
    .filter((line) => line.msg === "request");
}

it("writes every request's line while the server runs, and the last ones before a graceful stop ends", async () => {
  const env = { ...process.env, PORT: "0", HOST: "127.0.0.1", DAKIYA_LOG_REQUESTS: "1", ...(process.env.DATABASE_URL ? {} : { PGLITE_DIR: "memory://" }) };
  const server = await startServerProcess(env);
  let out = "";
  server.child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  // Without a key: a 401 each, and a line each.
  const send = async (n: number) => {
    for (let i = 0; i < n; i++) expect((await fetch(`${server.url}/digipin/39J-49L-L8T4`)).status).toBe(401);
  };

  await send(20);
  await poll(
    async () => requestLines(out).length,
    (n) => n === 20,
    30_000,
  );

  await send(5);
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
  expect(requestLines(out)).toHaveLength(25);
  expect(requestLines(out)[24]).toMatchObject({ route: "/api/v1/digipin/{digipin}", status: 401 });
});
