import type { FastifyRequest } from "fastify";

/** The origin the client used (`https://host:port`), for absolute links such as results_url. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
