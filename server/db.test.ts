import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "./db";
import { DakiyaError } from "./errors";

/** The one classifier of database connection failures (server/db.ts): what becomes a 503, and what stays a 500. */
describe("databaseUnavailable", () => {
  const unavailable = {
    "pg: connection refused": Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", errno: -111, syscall: "connect" }),
    "pg: administrator shutdown": Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" }),
    "pg: starting up": Object.assign(new Error("the database system is starting up"), { code: "57P03", severity: "FATAL" }),
    "pg: connection failure": Object.assign(new Error("connection failure"), { code: "08006", severity: "FATAL" }),
    "pg: connection ended under a query": new Error("Connection terminated unexpectedly"),
    "pg pool: no connection in time": new Error("timeout exceeded when trying to connect"),
    "Prisma: raw query, adapter error": Object.assign(new Error("Raw query failed. Code: `57P01`."), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "postgres", code: "57P01", originalCode: "57P01" } } },
    }),
    "Prisma: unreachable": Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: "P1001" }),
    "Prisma: adapter kind": Object.assign(new Error("x"), { code: "P2010", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }),
    "wrapped as a cause": new Error("outer", { cause: Object.assign(new Error("inner"), { code: "ECONNRESET" }) }),
  };
  for (const [name, err] of Object.entries(unavailable)) {
    it(`is a 503 provider_unavailable with Retry-After: ${name}`, () => {
      const e = databaseUnavailable(err);
      expect([e?.code, e?.status, e?.headers?.["Retry-After"]]).toEqual(["provider_unavailable", 503, "5"]);
    });
  }

  const others = {
    "a unique violation": Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" }),
    "a syntax error": Object.assign(new Error("syntax error"), { code: "42601", severity: "ERROR" }),
    "Prisma: record not found": Object.assign(new Error("not found"), { code: "P2025" }),
    "a plain error": new Error("boom"),
    "a domain error": new DakiyaError("provider_unavailable", "the provider is down"),
    "not an error": "ECONNREFUSED",
  };
  for (const [name, err] of Object.entries(others)) {
    it(`is not: ${name}`, () => {
      expect(databaseUnavailable(err)).toBeNull();
    });
  }
});
