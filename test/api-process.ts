/**
 * A Dakiya API server as a separate process, for tests that need a real one to kill (crash tests)
 * or two of them over one database: the REST handler on node:http plus the in-process runner,
 * exactly what Next.js's route and instrumentation run. Prints "listening <port>" when ready.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { restListener } from "../server/api/node";
import { startRunner } from "../inngest/runner";
import { normalizeAddress } from "../server/addresses";

// As in instrumentation.ts: the address data loads before the first request, not during a lease.
normalizeAddress("12 MG Road, Bengaluru 560001");

const server = http.createServer(restListener);
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  startRunner();
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
