import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync } from "fastify";
import { auth, withClientAddress } from "../auth";
import { checkText, jsonNestsTooDeep, nestingError } from "../api/text";
import { requestOrigin } from "./origin";

/**
 * better-auth under /api/auth (console sign-in and sign-out). The server reads the body, under the one
 * body limit and its timeouts, and hands better-auth a fetch Request: better-auth's own Node handler
 * would read the request stream without any limit.
 */
export const authPlugin: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.all("/api/auth/*", async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    if (raw && /json/i.test(request.headers["content-type"] ?? "")) checkJsonText(raw);
    const body = raw && Uint8Array.from(raw);
    // better-auth reads the client's address only from CLIENT_ADDRESS_HEADER: the socket's, or with
    // TRUST_PROXY the address our proxy appended; never a value the client sent.
    const headers = withClientAddress(fromNodeHeaders(request.headers), request.raw.socket.remoteAddress);
    const response = await auth().handler(new Request(new URL(request.url, requestOrigin(request)), { method: request.method, headers, body }));
    reply.code(response.status);
    for (const [name, value] of response.headers) if (name !== "set-cookie") reply.header(name, value);
    // better-auth's own limiter says when to retry only as X-Retry-After; a 429 carries Retry-After.
    const retryAfter = response.headers.get("x-retry-after");
    if (response.status === 429 && retryAfter && !response.headers.has("retry-after")) reply.header("retry-after", retryAfter);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    return reply.send(Buffer.from(await response.arrayBuffer()));
  });
};

/**
 * Sign-in bodies are held to every endpoint's input rules (server/api/text.ts): nesting deeper than 32
 * levels, and text that is not valid Unicode or holds NUL, are refused before better-auth reads them.
 */
function checkJsonText(body: Buffer): void {
  const text = body.toString("utf8");
  if (jsonNestsTooDeep(text)) throw nestingError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // better-auth answers a body that is not JSON itself
  }
  checkText(parsed);
}
