import Fastify, { type RouteOptions } from "fastify";
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openApiDocument } from "../api/openapi";
import { API_PREFIX, inputReader, restPlugin } from "./rest";

describe("the REST routes and the OpenAPI document", () => {
  it("are the same operations: every documented path and method is a route calling a procedure, and no other", async () => {
    const app = Fastify();
    const routes: RouteOptions[] = [];
    app.addHook("onRoute", (route) => void routes.push(route));
    await app.register(restPlugin);
    await app.ready();

    const registered = routes
      .filter((r) => r.config?.procedure !== undefined)
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.slice(API_PREFIX.length).replace(/:([^/]+)/g, "{$1}")}`));
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) => Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${path}`));
    expect(registered.sort()).toEqual(documented.sort());
    expect(new Set(registered).size).toBe(registered.length);
    await app.close();
  });
});

describe("a procedure's input, read as trpc-to-openapi reads it", () => {
  const t = initTRPC.meta<OpenApiMeta>().create();
  const request = (parts: { query?: object; params?: object; body?: object }) => ({ query: {}, params: {}, ...parts }) as never;

  it("takes a GET's query strings, coerces number and boolean fields, makes a lone value of an array field a list, and lets path parameters win", () => {
    const schema = z.object({ id: z.string(), limit: z.number().optional(), exact: z.boolean().optional(), tag: z.array(z.string()).optional() });
    const procedure = t.procedure.input(schema).query(({ input }) => input);
    const read = inputReader("GET", procedure);
    const input = read(request({ query: { id: "from-query", limit: "20", exact: "1", tag: "a" }, params: { id: "from-path" } }));
    expect(input).toEqual({ id: "from-path", limit: "20", exact: "1", tag: ["a"] });
    expect(schema.parse(input)).toEqual({ id: "from-path", limit: 20, exact: true, tag: ["a"] });
  });

  it("takes a POST's JSON body with the path parameters over it, and nothing for a void input", () => {
    const procedure = t.procedure.input(z.object({ id: z.string(), n: z.number() })).mutation(({ input }) => input);
    expect(inputReader("POST", procedure)(request({ body: { id: "body", n: 1 }, params: { id: "path" } }))).toEqual({ id: "path", n: 1 });
    expect(
      inputReader(
        "GET",
        t.procedure.input(z.void()).query(() => null),
      )(request({ query: { a: "1" } })),
    ).toBeUndefined();
  });
});
