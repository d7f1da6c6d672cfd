import http from "node:http";
import net from "node:net";

/**
 * Three HTTP clients as an ordinary client (or an attacker) would write a request with a large body,
 * none of them with `Expect: 100-continue`: Node's `http` module, a raw socket and `fetch`. Each
 * writes its whole body whatever the server answers meanwhile, then reads the answer.
 */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
  /** The write error the client saw (EPIPE, ECONNRESET), if any. */
  writeError: string | null;
}

export interface BigRequest {
  origin: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Body size in bytes, sent in 64 KiB pieces. */
  size: number;
  /** Send `Content-Length` (else the body is chunked). */
  withLength?: boolean;
}

const PIECE = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Node's `http` module: writes every piece (respecting back-pressure), then ends. */
export function viaHttp(r: BigRequest): Promise<Answer> {
  const url = new URL(r.origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { "content-type": "application/json", ...r.headers };
    if (r.withLength) headers["content-length"] = r.size;
    let writeError: string | null = null;
    let answer: Omit<Answer, "writeError"> | null = null;
    let ended = false;
    const settle = () => answer && ended && resolve({ ...answer, writeError });
    const req = http.request({ host: url.hostname, port: url.port, method: r.method ?? "POST", path: r.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        answer = { status: res.statusCode!, headers: res.headers, text, json: parseJson(text) };
        settle();
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      writeError = err.code ?? err.message;
      if (!answer) reject(err);
    });
    const piece = Buffer.alloc(PIECE, "a");
    let sent = 0;
    const write = () => {
      while (sent < r.size) {
        const n = Math.min(PIECE, r.size - sent);
        sent += n;
        if (!req.write(n === PIECE ? piece : piece.subarray(0, n))) return void req.once("drain", write);
      }
      req.end(() => {
        ended = true;
        settle();
      });
    };
    write();
  });
}

/** A raw TCP socket: the request line, headers and body written as bytes; the answer read until the server closes. */
export function viaSocket(r: BigRequest): Promise<Answer & { closed: boolean }> {
  const url = new URL(r.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let writeError: string | null = null;
    socket.on("data", (c: Buffer) => received.push(c));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      writeError = err.code ?? err.message;
    });
    socket.on("close", () => {
      const raw = Buffer.concat(received).toString("latin1");
      const split = raw.indexOf("\r\n\r\n");
      if (split === -1) return reject(new Error(`no answer read (${writeError ?? "closed"}): ${JSON.stringify(raw.slice(0, 200))}`));
      const [statusLine, ...lines] = raw.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = raw.slice(split + 4);
      if (headers["content-length"]) body = body.slice(0, Number(headers["content-length"]));
      const text = Buffer.from(body, "latin1").toString("utf8");
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, text, json: parseJson(text), writeError, closed: true });
    });
    const head = [`${r.method ?? "POST"} ${r.path} HTTP/1.1`, `Host: ${url.host}`, "Content-Type: application/json"];
    for (const [k, v] of Object.entries(r.headers ?? {})) head.push(`${k}: ${v}`);
    head.push(r.withLength ? `Content-Length: ${r.size}` : "Transfer-Encoding: chunked");
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const piece = Buffer.alloc(PIECE, "a");
    let sent = 0;
    const write = () => {
      while (sent < r.size && !socket.destroyed) {
        const n = Math.min(PIECE, r.size - sent);
        sent += n;
        const data = n === PIECE ? piece : piece.subarray(0, n);
        const ok = r.withLength ? socket.write(data) : socket.write(Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), data, Buffer.from("\r\n")]));
        if (!ok) return void socket.once("drain", write);
      }
      if (!socket.destroyed && !r.withLength) socket.write("0\r\n\r\n");
    };
    write();
  });
}

/** `fetch` with a streamed body (chunked): the pieces come from a ReadableStream. */
export async function viaFetch(r: BigRequest): Promise<Answer> {
  let sent = 0;
  const piece = new Uint8Array(PIECE).fill(97);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= r.size) return controller.close();
      const n = Math.min(PIECE, r.size - sent);
      sent += n;
      controller.enqueue(n === PIECE ? piece : piece.subarray(0, n));
    },
  });
  const res = await fetch(`${r.origin}${r.path}`, {
    method: r.method ?? "POST",
    headers: { "content-type": "application/json", ...r.headers },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text, json: parseJson(text), writeError: null };
}
