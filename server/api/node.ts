import type http from "node:http";
import { handleRestRequest } from "./rest";

/**
 * The REST handler behind a plain node:http server: what the tests, the crash-test child process and
 * the HTTP benchmark serve, with the same handler as Next.js's route.
 */
export const restListener: http.RequestListener = async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  const response = await handleRestRequest(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) {
    const reader = response.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) res.write(r.value);
  }
  res.end();
};
