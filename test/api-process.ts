/**
 * A Dakiya API server as a separate process, for tests that need a real one to kill (crash tests)
 * or two of them over one database: the REST handler on node:http plus the in-process runner,
 * exactly what Next.js's route and instrumentation run. Prints "listening <port>" when ready.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { restListener } from "../server/api/node";
import { startRunner } from "../inngest/runner";

const server = http.createServer(restListener);
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  startRunner();
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
