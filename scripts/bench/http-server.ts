/**
 * The server side of the HTTP benchmark, run as a child process so the load generator has the other
 * core. `bare`: DIGIPIN decode behind a bare node:http server. `api`: the full REST stack (key
 * authentication, rate limiting, request id, the trpc-to-openapi adapter) behind node:http, with
 * the in-process runner for batches.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeDigipin } from "../../server/digipin";
import { restListener } from "../../server/api/node";
import { startRunner } from "../../inngest/runner";
import { normalizeAddress } from "../../server/addresses";

const mode = process.argv[2];

const bare: http.RequestListener = (req, res) => {
  const code = decodeURIComponent((req.url ?? "").split("/").pop() ?? "");
  const body = JSON.stringify(decodeDigipin(code));
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
};

const server = http.createServer({ keepAliveTimeout: 60_000 }, mode === "bare" ? bare : restListener);
if (mode === "api") {
  normalizeAddress("12 MG Road, Bengaluru 560001");
  startRunner();
}
server.listen(0, "127.0.0.1", () => {
  process.send!({ port: (server.address() as AddressInfo).port, rss: process.memoryUsage().rss });
});
process.on("message", (msg) => {
  if (msg === "rss") process.send!({ rss: process.memoryUsage().rss });
});
