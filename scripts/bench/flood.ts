/**
 * A flood of streamed 10 MiB bodies to /api/auth/sign-in/email (no Content-Length, so only counting
 * the bytes as they arrive can stop them) against the production server, started as `npm start`
 * starts it, on 127.0.0.1 for 60 s from 16 connections at a time. Prints the server's largest resident
 * memory (the process and its children, sampled every 250 ms) and what every request was answered.
 * Target (issue #23): under 500 MB, every request refused. Run it with DATABASE_URL set (PostgreSQL,
 * as in production): on PGlite the database runs inside the server process and its own memory
 * (about 550 MB at rest here) alone passes the mark.
 */
import http from "node:http";
import { mb, setupBench, startProductionServer } from "./lib";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 16);
const BODY = 10 * 1024 * 1024;
const PIECE = Buffer.alloc(64 * 1024, "a");

/** One request: the body streamed in 64 KiB pieces (back-pressure respected); resolves to its status, or the error. */
function flood(port: number): Promise<string> {
  return new Promise((resolve) => {
    let sent = 0;
    let status: string | null = null;
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/auth/sign-in/email", headers: { "content-type": "application/json" }, agent: false }, (res) => {
      status = String(res.statusCode);
      res.resume().on("end", () => resolve(status!));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (!status) resolve(err.code ?? "error");
    });
    const write = () => {
      while (sent < BODY) {
        sent += PIECE.length;
        if (!req.write(PIECE)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

const bench = await setupBench();
const server = await startProductionServer(bench.env);
try {
  const idle = server.rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 250);
  const answers = new Map<string, number>();
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const answer = await flood(server.port);
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      }
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  const total = [...answers.values()].reduce((a, b) => a + b, 0);
  const refused = answers.get("413") ?? 0;
  console.log(`flood: ${total} streamed 10 MiB bodies to /api/auth/sign-in/email in ${SECONDS} s from ${CONNECTIONS} connections`);
  console.log(`answers: ${[...answers].map(([a, n]) => `${a} ×${n}`).join(", ")}`);
  console.log(`server resident memory: ${mb(idle)} before, ${mb(peak)} at most during the flood, ${mb(peak - idle)} more (target: under 500 MB)`);
  console.log(`every request refused with 413: ${refused === total ? "yes" : `no (${total - refused} otherwise)`}`);
  process.exitCode = refused === total && peak < 500 * 1024 * 1024 ? 0 : 1;
} finally {
  await server.stop();
  await bench.cleanup();
}
