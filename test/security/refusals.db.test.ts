import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINGER } from "../../server/http/limits";
import { newWorkspace } from "../helpers";
import { viaFetch, viaHttp, viaSocket, type Answer, type BigRequest } from "./clients";
import { startServer } from "./server";

/**
 * Refusals a client can read: a client that writes a 3 MiB body without `Expect: 100-continue`
 * reads the 413 or 401 the server answered early, because the server reads and throws away the rest
 * of the body (up to a bound) before it closes the connection (RFC 9112 §9.6). Closing with the body
 * unread made the kernel reset the connection, and Node's `http` client got EPIPE instead of the answer.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let ws: Awaited<ReturnType<typeof newWorkspace>>;

beforeAll(async () => {
  server = await startServer();
  ws = await newWorkspace("starter");
});
afterAll(() => server.close());

const THREE_MIB = 3 * 1024 * 1024;
const clients = { "Node's http module": viaHttp, "a raw socket": viaSocket, fetch: viaFetch } as const;

function expectAnswer(r: Answer, status: number, code: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toMatchObject({ error: { code }, request_id: expect.stringMatching(/^req_/) });
  expect(r.headers.connection).toBe("close");
}

describe.each(Object.entries(clients))("%s, writing 3 MiB", (_name, send) => {
  const request = (r: Omit<BigRequest, "origin" | "size">): BigRequest => ({ origin: server.origin, size: THREE_MIB, ...r });

  it("reads the 413 answered from Content-Length before the body was read", async () => {
    // fetch streams its body (no length); the two others declare it.
    const r = await send(request({ path: "/api/v1/addresses/verify/batch", headers: { authorization: `Bearer ${ws.live_key}` }, withLength: true }));
    expectAnswer(r, 413, "payload_too_large");
    expect(r.writeError).toBeNull();
  });

  it("reads the 413 answered when a streamed body passed 2 MiB", async () => {
    const r = await send(request({ path: "/api/auth/sign-in/email" }));
    expectAnswer(r, 413, "payload_too_large");
    expect(r.writeError).toBeNull();
  });

  it("reads the 401 answered to a missing key before the body was read", async () => {
    const r = await send(request({ path: "/api/v1/addresses/verify/batch" }));
    expectAnswer(r, 401, "unauthenticated");
    expect(r.writeError).toBeNull();
  });
});

describe("the bound on what is thrown away", () => {
  it("cuts the connection of a client that keeps writing past it, after answering", async () => {
    const url = new URL(server.origin);
    const outcome = await new Promise<{ sent: number; text: string }>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let text = "";
      let sent = 0;
      socket.on("data", (c: Buffer) => (text += c.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ sent, text }));
      socket.write(`POST /api/v1/addresses/verify/batch HTTP/1.1\r\nHost: ${url.host}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const piece = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, "a"), Buffer.from("\r\n")]);
      // Never ends its body; stops only when the server closes (or after 8 times the bound, a failure).
      const write = () => {
        while (!socket.destroyed && sent < LINGER.bytes * 8) {
          sent += 0x10000;
          if (!socket.write(piece)) return void socket.once("drain", write);
        }
        socket.destroy();
      };
      write();
    });
    expect(outcome.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.sent).toBeGreaterThan(LINGER.bytes);
    expect(outcome.sent).toBeLessThan(LINGER.bytes * 8);
  });
});
