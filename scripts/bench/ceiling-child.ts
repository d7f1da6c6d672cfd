/**
 * The ceiling of the HTTP benchmark: a bare `node:http` server answering `GET /api/v1/digipin/{code}`
 * with the same decode and JSON as Dakiya, and nothing else (no key, validation, id, log or metrics).
 * Sends its port over IPC.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeDigipin } from "../../server/digipin";

const PREFIX = "/api/v1/digipin/";

const server = http.createServer((req, res) => {
  try {
    if (!req.url?.startsWith(PREFIX)) throw new Error("no route");
    const body = JSON.stringify(decodeDigipin(decodeURIComponent(req.url.slice(PREFIX.length))));
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
  } catch {
    res.writeHead(400).end();
  }
});
server.keepAliveTimeout = 72_000;
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on("disconnect", () => server.close(() => process.exit(0)));
