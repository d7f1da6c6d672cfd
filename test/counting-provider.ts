import http from "node:http";
import type { AddressInfo } from "node:net";
import { simulate, simulatedFailure } from "../server/provider/simulator";

/**
 * A fake Google Address Validation API for fault tests: the simulator's answers, counted per address
 * line, with a gate that holds every call until it is opened (to know exactly which rows are with the
 * provider at a given moment). An address with the simulator's word SIMULATE_500 is answered 500, one
 * with SIMULATE_HANG never (until `close`): counted all the same.
 */
export interface CountingProvider {
  url: string;
  /** Calls received per address (the address lines joined by a space). */
  calls: Map<string, number>;
  total(): number;
  /** Calls received and not yet answered. */
  inFlight(): number;
  /** Holds calls (received and counted) until `open`. */
  hold(): void;
  open(): void;
  close(): Promise<void>;
}

export async function startCountingProvider({ latencyMs = 0 }: { latencyMs?: number } = {}): Promise<CountingProvider> {
  // The simulator's pincode directory loads now, not in the first call (which would time out on a busy machine).
  simulate(["12 MG Road, Bengaluru 560001"]);
  const calls = new Map<string, number>();
  let inFlight = 0;
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let closed!: () => void;
  const closing = { promise: new Promise<void>((resolve) => (closed = resolve)) };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { address: { addressLines: string[] } };
        const lines = body.address.addressLines;
        const key = lines.join(" ");
        calls.set(key, (calls.get(key) ?? 0) + 1);
        inFlight++;
        try {
          if (gate) await gate.promise;
          const failure = simulatedFailure(key);
          if (failure === "HANG") await closing.promise;
          if (latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
          if (failure === "500") {
            if (!res.destroyed) res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":500,"status":"INTERNAL"}}');
            return;
          }
          const text = JSON.stringify(simulate(lines));
          if (!res.destroyed) res.writeHead(200, { "content-type": "application/json; charset=UTF-8", "content-length": Buffer.byteLength(text) }).end(text);
        } finally {
          inFlight--;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
    inFlight: () => inFlight,
    hold() {
      if (gate) return;
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    open() {
      gate?.open();
      gate = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        gate?.open();
        closed();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
