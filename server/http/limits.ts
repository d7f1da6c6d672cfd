import { isUtf8 } from "node:buffer";
import type http from "node:http";
import type { Socket } from "node:net";
import { PassThrough, Transform } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import { nowMs } from "../clock";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { bodyBudgetBytes, bodyBudgetWaiting } from "../metrics";
import { errorBody, toApiError } from "../api/errors";

/**
 * What every request is held to before any route sees it (docs/operations.md, "At the edge"): one
 * body limit, the timeouts, and refusals a client still writing its body can read.
 */

/** The largest request body read on any path; the largest valid batch (1000 rows of 280 characters) is far smaller. */
export const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Timeouts of the HTTP server, in milliseconds. Node checks `request` (the whole request, headers and
 * body) and `headers` every `checkInterval`; `bodyIdle` is the longest silence between two pieces of a
 * body; `keepAlive` how long an idle connection stays open (above the 60 s idle timeout of common load
 * balancers, so they close first); `connection` the longest a connection may see no bytes at all,
 * whatever it waits for.
 */
export const TIMEOUTS = { request: 60_000, headers: 20_000, bodyIdle: 10_000, keepAlive: 72_000, connection: 120_000, checkInterval: 5_000 };

/**
 * After an answer given before its body was read (a 413, a 401), how much of the rest is read and
 * thrown away so the client can read that answer (RFC 9112 §9.6) before the connection closes.
 */
export const LINGER = { bytes: 8 * BODY_LIMIT, ms: 10_000 };

export const TOO_LARGE = `The request body is larger than ${BODY_LIMIT / 1024 / 1024} MiB; split the batch.`;

/** Whether a request declares a body (a length above zero, or chunks). */
function hasBody(req: http.IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Writes a refusal straight to a socket whose HTTP exchange can no longer answer, then closes it. */
function writeRawError(socket: Socket, status: number, statusText: string, body: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/**
 * How fast the server reads the bulk of request bodies, all connections together, so a flood of big
 * bodies costs a fixed share of a core whatever its size and other tenants' requests keep theirs.
 * Bulk is a body's bytes past its first `free` bytes (every ordinary request is smaller) and every
 * byte thrown away after an early answer. A connection past the budget is paused (TCP then slows its
 * sender, at no cost to us) and goes on `slice` bytes at a time as the budget refills, the body that
 * came first served first (taking turns instead, 64 flooding connections each held a part-read body:
 * 530 MB). The bucket holds a second's worth, as much as LINGER lets one body throw away: on a quiet
 * server no body waits.
 */
export const BODY_BUDGET = { bytesPerSecond: 16 * 1024 * 1024, burst: LINGER.bytes, free: 64 * 1024, slice: 256 * 1024 };

/** A body read under the budget: its place in line, the bytes it may still read before it asks again, and how it goes on once it may. */
interface BudgetedBody {
  place: number;
  allowance: number;
  resume(): void;
}

/** BODY_BUDGET's budget: a token bucket on the one clock, and the paused bodies waiting for it in line. */
class BodyBudget {
  private tokens = BODY_BUDGET.burst;
  private at = nowMs();
  /** Waiting bodies by their place in line. */
  private readonly waiting: BudgetedBody[] = [];
  private places = 0;
  private timer: NodeJS.Timeout | null = null;

  /** A new body's place in line, behind every body before it. */
  body(resume: () => void): BudgetedBody {
    return { place: this.places++, allowance: 0, resume };
  }

  /** Gives a body whose allowance is spent its next slice; false when it has to wait (it is resumed in its turn). */
  topUp(body: BudgetedBody): boolean {
    this.refill();
    // Nobody waits before it: as many slices as the piece it read took, while the bucket lasts.
    const first = this.waiting[0];
    if (first === undefined || first.place > body.place) while (body.allowance <= 0 && this.tokens > 0) this.give(body);
    if (body.allowance > 0) return true;
    const after = this.waiting.findIndex((w) => w.place > body.place);
    this.waiting.splice(after === -1 ? this.waiting.length : after, 0, body);
    bodyBudgetWaiting.set(this.waiting.length);
    this.schedule();
    return false;
  }

  /** A body done with (ended, cut or gone): out of the queue, and what it did not read back in the bucket. */
  leave(body: BudgetedBody): void {
    const i = this.waiting.indexOf(body);
    if (i !== -1) this.waiting.splice(i, 1);
    bodyBudgetWaiting.set(this.waiting.length);
    if (body.allowance > 0) this.tokens = Math.min(BODY_BUDGET.burst, this.tokens + body.allowance);
    body.allowance = 0;
  }

  private refill(): void {
    const at = nowMs();
    this.tokens = Math.min(BODY_BUDGET.burst, this.tokens + (Math.max(0, at - this.at) * BODY_BUDGET.bytesPerSecond) / 1000);
    this.at = at;
  }

  private give(body: BudgetedBody): void {
    const bytes = Math.min(BODY_BUDGET.slice, this.tokens);
    this.tokens -= bytes;
    body.allowance += bytes;
  }

  /** Wakes when the next slice has refilled and resumes the waiting bodies in line while it lasts. */
  private schedule(): void {
    if (this.timer || this.waiting.length === 0) return;
    const wait = Math.max(1, Math.ceil(((BODY_BUDGET.slice - this.tokens) * 1000) / BODY_BUDGET.bytesPerSecond));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refill();
      while (this.waiting.length > 0 && this.tokens > 0) {
        const body = this.waiting[0]!;
        this.give(body);
        if (body.allowance <= 0) continue;
        this.waiting.shift();
        body.resume();
      }
      bodyBudgetWaiting.set(this.waiting.length);
      this.schedule();
    }, wait);
    this.timer.unref();
  }
}

const bodyBudget = new BodyBudget();

/**
 * Reads the rest of a request body and throws it away, up to LINGER's bytes and time, within
 * BODY_BUDGET. Resolves true when the body ended within them, false when the client sent more, took
 * longer or went away.
 */
function discardRest(req: http.IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    // Nobody reads the body through the UTF-8 check any more (a parser stopped at the limit, or never started).
    req.unpipe();
    if (req.complete) {
      req.resume();
      return resolve(true);
    }
    let seen = 0;
    const budgeted = bodyBudget.body(() => req.resume());
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      bodyBudget.leave(budgeted);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      bodyBudgetBytes.inc({ use: "discarded" }, chunk.length);
      if (seen > LINGER.bytes) return finish(false);
      budgeted.allowance -= chunk.length;
      if (budgeted.allowance <= 0 && !bodyBudget.topUp(budgeted)) req.pause();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), LINGER.ms);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("close", onClose);
    if (bodyBudget.topUp(budgeted)) req.resume();
    else req.pause();
  });
}

/**
 * The last onSend step of every route: an answer sent while its request's body is still arriving is
 * written in full at once, with `Connection: close`, but the response ends (and the connection closes)
 * only once the rest of the body has been read and thrown away (within BODY_BUDGET). Closing with
 * unread bytes would make the kernel reset the connection, and a client still writing its body (Node's
 * `http`, a raw socket) would lose the answer. Past LINGER the connection is cut.
 */
const lingerOnSend: onSendHookHandler = (request, reply, payload, done) => {
  const req = request.raw;
  if (req.complete || !hasBody(req) || !(payload === null || typeof payload === "string" || Buffer.isBuffer(payload))) return done(null, payload);
  reply.header("connection", "close");
  reply.header("content-length", payload === null ? 0 : Buffer.byteLength(payload));
  request.lingering = true;
  const out = new PassThrough();
  if (payload !== null) out.write(payload);
  void discardRest(req).then((whole) => {
    if (whole) out.end();
    else req.socket.destroy();
  });
  done(null, out);
};

/** The contract's body for an answer written on the socket, before Fastify gave the request an id. */
function rawErrorBody(code: "invalid_request" | "request_timeout", message: string): string {
  return JSON.stringify(errorBody(toApiError(new DakiyaError(code, message, code === "invalid_request" ? { details: [] } : {})), newId("req")));
}

function timeoutBody(): string {
  return rawErrorBody("request_timeout", "The request took too long to arrive; send it again.");
}

/** Fastify's `clientErrorHandler`: Node's request and header timeouts, and unreadable HTTP, in the contract's body. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") return writeRawError(socket, 408, "Request Timeout", timeoutBody());
  if (err.code === "HPE_HEADER_OVERFLOW") {
    return writeRawError(socket, 431, "Request Header Fields Too Large", rawErrorBody("invalid_request", "The request's headers are too large."));
  }
  writeRawError(socket, 400, "Bad Request", rawErrorBody("invalid_request", "The request is not valid HTTP."));
}

const notUtf8 = () => new DakiyaError("invalid_request", "The request body is not valid UTF-8 text.", { details: [] });

/**
 * A body as it arrives, read past its first BODY_BUDGET.free bytes only within the budget (a piece
 * waits for its turn before the parser sees it, and the request is paused meanwhile), and, unless its
 * route's parser checks the whole body (`utf8Text`), refused with 400 at its first byte that is not
 * UTF-8 (JSON and forms are UTF-8; decoded leniently, such bytes became U+FFFD and passed for text: five
 * of them were an address). The answer lingers like any other; the pages (not-found answers) read their
 * own bodies.
 */
function checkedBody(payload: NodeJS.ReadableStream, decodes: boolean): Transform {
  const decoder = decodes ? new TextDecoder("utf-8", { fatal: true }) : null;
  let seen = 0;
  const budgeted = bodyBudget.body(() => undefined);
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder?.decode(chunk, { stream: true });
      } catch {
        return callback(notUtf8());
      }
      const bulk = Math.min(chunk.length, seen + chunk.length - BODY_BUDGET.free);
      seen += chunk.length;
      if (bulk <= 0) return callback(null, chunk);
      bodyBudgetBytes.inc({ use: "read" }, bulk);
      budgeted.allowance -= bulk;
      if (budgeted.allowance > 0 || bodyBudget.topUp(budgeted)) return callback(null, chunk);
      budgeted.resume = () => callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder?.decode();
        callback();
      } catch {
        callback(notUtf8());
      }
    },
  });
  // A body nobody reads on (a parser stopped at the limit, the client went away) gives up its turn.
  const leave = () => bodyBudget.leave(budgeted);
  checked.once("unpipe", leave);
  checked.once("close", leave);
  // A client that goes away errors the request; once the parser has stopped listening (a 413), nobody
  // else would hear it, and an unheard 'error' is an uncaught exception.
  checked.on("error", () => undefined);
  payload.on("error", (err: Error) => checked.destroy(err));
  payload.pipe(checked);
  return checked;
}

/**
 * A whole body as text, refused like checkedBody's when it is not UTF-8: for the routes whose parser reads
 * the body whole anyway (`checksUtf8` in their config, the REST API's), where a stream per request to
 * check it as it arrives cost about a tenth of a verification's CPU (docs/performance.md). The refusal
 * is the same; it comes once the body (at most BODY_LIMIT) has arrived rather than at its first bad byte.
 */
export function utf8Text(body: Buffer): string {
  if (!isUtf8(body)) throw notUtf8();
  return body.toString("utf8");
}

/**
 * Installs the limits on a server before any route is registered (hooks are inherited by the routes
 * registered after them).
 */
export function installLimits(app: FastifyInstance): void {
  // Every route (also those registered by plugins) ends its onSend steps with lingerOnSend.
  app.addHook("onRoute", (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), lingerOnSend];
  });
  // Not-found answers pass no onRoute: without this, a 413 for a path with no route (or a 404 while
  // the body still arrives) closed the connection at once, and a client still writing got EPIPE.
  app.addHook("onSend", (request, reply, payload, done) => (request.is404 ? lingerOnSend.call(app, request, reply, payload, done) : done(null, payload)));

  app.addHook("preParsing", (request, _reply, payload, done) => {
    const req = request.raw;
    if (request.is404 || !hasBody(req)) return done(null, payload);
    const checksUtf8 = request.routeOptions.config.checksUtf8 === true;
    // A body its parser checks, declared within the budget's free bytes, needs no stream at all (a verify's).
    if (checksUtf8 && Number(req.headers["content-length"] ?? Infinity) <= BODY_BUDGET.free) return done(null, payload);
    done(null, checkedBody(payload, !checksUtf8));
  });

  app.addHook("onRequest", (request, reply, done) => {
    const req = request.raw;
    // On the raw response too: pages and hijacked handlers write it directly.
    reply.raw.setHeader("X-Content-Type-Options", "nosniff");
    if (!hasBody(req) || req.complete) return done();
    watchBody(request, reply);
    if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT) {
      reply.header("connection", "close");
      return done(new DakiyaError("payload_too_large", TOO_LARGE));
    }
    done();
  });
}

/**
 * While a body arrives: a silence longer than TIMEOUTS.bodyIdle is answered 408 (or, once an answer
 * has gone out, ends the connection). Once answered, a body nobody read (a page, a hijacked route) is
 * thrown away within LINGER, so it cannot keep a connection busy forever.
 */
function watchBody(request: FastifyRequest, reply: FastifyReply): void {
  const req = request.raw;
  const socket = req.socket;
  const idle = () => {
    if (req.complete) return;
    if (reply.raw.headersSent) return socket.destroy();
    const e = toApiError(new DakiyaError("request_timeout", "The request body stopped arriving; send it again."));
    const body = JSON.stringify(errorBody(e, request.id));
    reply.raw.writeHead(e.status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
    reply.raw.end(body, () => socket.destroy());
  };
  req.setTimeout(TIMEOUTS.bodyIdle, idle);
  req.once("end", () => {
    req.off("timeout", idle);
    socket.setTimeout(TIMEOUTS.connection);
  });
  reply.raw.once("finish", () => {
    if (req.complete || request.lingering) return;
    void discardRest(req).then((whole) => {
      if (!whole) socket.destroy();
    });
  });
}
