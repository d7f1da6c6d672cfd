/**
 * The ceiling of the verify benchmark: a bare `node:http` server doing only a live verify's three exchanges,
 * as Dakiya does them, and nothing else: the request's JSON read, one POST to the provider (undici's
 * `request` on a keep-alive agent), one prepared INSERT of the record on `pg`'s pool (one commit), the
 * answer's JSON. No key, parse, policy, charge, validation, log or metrics. What it costs on this machine is
 * what the exchanges alone cost, beside which Dakiya's own part and CPU a verify are read.
 *
 * `CEILING_WITH` adds Dakiya's pieces one at a time (verify-ladder.ts): `parse` (the address parse a verify
 * runs, `prepareAddress`), `fastify` (the request through a Fastify route), `log` (Fastify's request log
 * lines), `zod` (the input and the answer validated). Needs DATABASE_URL (the bench's scratch database) and
 * PROVIDER_BASE_URL; sends its port over IPC.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import pg from "pg";
import { Agent, request } from "undici";
import { z } from "zod";
import { preloadPincodeDirectory } from "../../server/addresses";
import { prepareAddress } from "../../server/verification";

const WITH = new Set((process.env.CEILING_WITH ?? "").split(",").filter(Boolean));
if (WITH.has("parse")) preloadPincodeDirectory();
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: "-c jit=off" });
await pool.query("CREATE TABLE IF NOT EXISTS ceiling_verifications (id text PRIMARY KEY, record jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())");
const provider = new Agent({ keepAliveTimeout: 30_000 });
const providerUrl = `${process.env.PROVIDER_BASE_URL!.replace(/\/+$/, "")}/v1:validateAddress?key=ceiling`;
const VerifyInput = z.object({ address: z.string().min(1).max(2000), order_id: z.string().max(200).optional() }).strict();
const Record = z.object({ verification_id: z.string(), address: z.string(), normalized: z.string().nullable(), answer: z.unknown() });
let next = 0;

async function verify(body: unknown): Promise<z.infer<typeof Record>> {
  const input = WITH.has("zod") ? VerifyInput.parse(body) : (body as z.infer<typeof VerifyInput>);
  const prepared = WITH.has("parse") ? prepareAddress(input) : null;
  const res = await request(providerUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: { regionCode: "IN", addressLines: [input.address] } }),
    dispatcher: provider,
  });
  const answer = await res.body.json();
  const record = { verification_id: `ceil_${process.pid}_${next++}`, address: input.address, normalized: prepared?.address.normalized ?? null, answer };
  await pool.query({ name: "ceiling_insert", text: "INSERT INTO ceiling_verifications (id, record) VALUES ($1, $2)", values: [record.verification_id, JSON.stringify(record)] });
  return WITH.has("zod") ? Record.parse(record) : record;
}

async function listen(): Promise<number> {
  if (WITH.has("fastify")) {
    const app = Fastify({ logger: WITH.has("log") });
    app.post("/api/v1/addresses/verify", (req) => verify(req.body));
    await app.listen({ port: 0, host: "127.0.0.1" });
    return (app.server.address() as AddressInfo).port;
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      verify(JSON.parse(Buffer.concat(chunks).toString("utf8"))).then(
        (record) => res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(record)),
        () => res.writeHead(500).end(),
      );
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

process.send!({ port: await listen() });
process.on("disconnect", () => void pool.end().finally(() => process.exit(0)));
