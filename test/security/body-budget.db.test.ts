import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, setClock } from "../../server/clock";
import { BODY_BUDGET, BODY_LIMIT, LINGER } from "../../server/http/limits";
import { useServer } from "../server";
import { startServer } from "./server";

/**
 * The bulk of request bodies (past their first 64 KiB, and every byte thrown away after an early
 * answer) is read within one budget shared by all connections, so a flood of big bodies costs a fixed
 * share of a core. Time stands still here: past what the bucket held, nothing more is read until it
 * refills, and the clients waiting meanwhile still get their answers once it does.
 */
const server = useServer(startServer);
afterEach(() => setClock(null));

/** The most a connection reads past its allowance: one piece from the socket. */
const PIECE = 64 * 1024;

interface Writer {
  /** What the server answered so far, as text. */
  text(): string;
  closed: boolean;
  sent: number;
  writeError: string | null;
  done: Promise<void>;
}

/** A raw socket writing a body of `size` bytes as fast as the server takes it (chunked unless `withLength`). */
function write(path: string, size: number, withLength: boolean): Writer {
  const url = new URL(server.origin);
  const socket = net.connect(Number(url.port), url.hostname);
  const received: Buffer[] = [];
  let resolveDone: () => void;
  const w: Writer = { text: () => Buffer.concat(received).toString("latin1"), closed: false, sent: 0, writeError: null, done: new Promise((r) => (resolveDone = r)) };
  socket.on("data", (c: Buffer) => received.push(c));
  socket.on("error", (err: NodeJS.ErrnoException) => (w.writeError = err.code ?? err.message));
  socket.on("close", () => {
    w.closed = true;
    resolveDone();
  });
  const framing = withLength ? `Content-Length: ${size}` : "Transfer-Encoding: chunked";
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nOrigin: ${server.origin}\r\n${framing}\r\n\r\n`);
  const piece = Buffer.alloc(PIECE, "a");
  const framed = Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
  const next = () => {
    while (!socket.destroyed && w.sent < size) {
      w.sent += PIECE;
      if (!socket.write(withLength ? piece : framed)) return void socket.once("drain", next);
    }
    if (!socket.destroyed && !withLength) socket.write("0\r\n\r\n");
  };
  next();
  return w;
}

/** The body budget's figures as /metrics shows them. */
async function budget(): Promise<{ read: number; discarded: number; waiting: number }> {
  const text = await (await fetch(`${server.origin}/metrics`)).text();
  const figure = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
  return {
    read: figure('dakiya_http_body_budget_bytes_total\\{use="read"\\}'),
    discarded: figure('dakiya_http_body_budget_bytes_total\\{use="discarded"\\}'),
    waiting: figure("dakiya_http_body_budget_waiting_connections"),
  };
}

/**
 * Until every writer is either closed or waiting, paused, for the budget (and at least `discarded`
 * bytes were thrown away): with time frozen nothing moves after but what is left of a slice.
 */
async function settled(writers: Writer[], discarded = 0): Promise<Awaited<ReturnType<typeof budget>>> {
  for (;;) {
    const b = await budget();
    if (b.waiting === writers.filter((w) => !w.closed).length && b.discarded >= discarded) return b;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the body budget", () => {
  it("reads the rest of many refused bodies at once no faster than it refills, and each client still reads its answer", async () => {
    setClock(new Date());
    const before = await budget();
    // Three bodies refused from their Content-Length before they are read, each within LINGER's bound,
    // together more than twice what the bucket holds.
    const size = (3 * LINGER.bytes) / 4;
    const writers = [0, 1, 2].map(() => write("/api/v1/addresses/verify/batch", size, true));
    // The file's first test: the bucket is full, and it is all read before the writers stop.
    const frozen = await settled(writers, before.discarded + BODY_BUDGET.burst - PIECE);
    expect(frozen.discarded - before.discarded).toBeLessThanOrEqual(BODY_BUDGET.burst + writers.length * PIECE);
    // Each client had its whole answer before the server read its body, and at most one body was read whole.
    for (const w of writers) expect(w.text()).toMatch(/^HTTP\/1\.1 413 [^]*"payload_too_large"/);
    expect(writers.filter((w) => w.closed).length).toBeLessThanOrEqual(1);

    // Half a second later, half a second's worth more and no more.
    advanceClock(500);
    const halfSecond = BODY_BUDGET.bytesPerSecond / 2;
    const later = await settled(writers, before.discarded + BODY_BUDGET.burst + halfSecond - PIECE);
    expect(later.discarded - before.discarded).toBeLessThanOrEqual(BODY_BUDGET.burst + halfSecond + writers.length * PIECE);

    setClock(null);
    await Promise.all(writers.map((w) => w.done));
    for (const w of writers) {
      expect(w.sent).toBe(size);
      expect(w.writeError).toBeNull();
    }
  });

  it("reads streamed bodies past their first 64 KiB within it too: clients past the bucket wait for their 413", async () => {
    setClock(new Date());
    const before = await budget();
    // Each is refused once it passes 2 MiB; nine of them need more than the bucket holds.
    const perBody = BODY_LIMIT - BODY_BUDGET.free;
    const writers = Array.from({ length: 9 }, () => write("/api/auth/sign-in/email", BODY_LIMIT + 8 * PIECE, false));
    const frozen = await settled(writers);
    const spent = frozen.read - before.read + (frozen.discarded - before.discarded);
    expect(spent).toBeLessThanOrEqual(BODY_BUDGET.burst + writers.length * PIECE);
    const answered = writers.filter((w) => /^HTTP\/1\.1 413 /.test(w.text())).length;
    expect(answered).toBeLessThanOrEqual(Math.floor(BODY_BUDGET.burst / perBody));

    setClock(null);
    await Promise.all(writers.map((w) => w.done));
    for (const w of writers) expect(w.text()).toMatch(/^HTTP\/1\.1 413 [^]*"payload_too_large"/);
  });
});
