import { describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { useWorkspace } from "../helpers";

/** How a body that fails its schema is worded (server/api/errors.ts `wordIssues`). */
const { api } = useApiServer();
const ws = useWorkspace("starter");

const ADDRESS = "Flat 302, Prestige Shantiniketan, Whitefield Main Road, Whitefield, Bengaluru, Karnataka 560066";

async function refused(path: string, body: unknown) {
  const res = await api("POST", path, { key: ws.live_key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe("invalid_request");
  return res.body.error as { message: string; details: Array<{ path: string; message: string }> };
}

describe("a missing or misspelt field", () => {
  it("says a misspelt address is required and names the field that was sent instead", async () => {
    const error = await refused("/addresses/verify", { addr: ADDRESS });
    expect(error.message).toBe("Invalid request: address: address is required (unknown field addr)");
    expect(error.details).toEqual([{ path: "address", message: "address is required (unknown field addr)" }]);
  });

  it("names other case and one-letter slips, in batch rows too", async () => {
    expect((await refused("/addresses/verify", { Address: ADDRESS })).message).toContain("address is required (unknown field Address)");
    const error = await refused("/addresses/verify/batch", { addresses: [{ address: ADDRESS }, { adress: ADDRESS }] });
    expect(error.details).toEqual([{ path: "addresses.1.address", message: "address is required (unknown field adress)" }]);
  });

  it("says required, and names nothing, when the field is simply absent or a known field is sent alone", async () => {
    expect((await refused("/addresses/verify", {})).details).toEqual([{ path: "address", message: "address is required" }]);
    expect((await refused("/addresses/verify", { order_id: "A-1" })).details).toEqual([{ path: "address", message: "address is required" }]);
    expect((await refused("/outcomes", { verification_id: "ver_x", outcom: "delivered" })).details).toEqual([{ path: "outcome", message: "outcome is required (unknown field outcom)" }]);
  });
});

describe("a field of the wrong type", () => {
  it("still says what type it must be", async () => {
    expect((await refused("/addresses/verify", { address: 42 })).details).toEqual([{ path: "address", message: "address must be a string" }]);
    expect((await refused("/addresses/verify", { address: null, addr: ADDRESS })).details).toEqual([{ path: "address", message: "address must be a string" }]);
  });
});

describe("hostile bodies", () => {
  it("answers a body of 1000 near-miss keys, or one key of nearly 2 MiB, with a bounded 400", async () => {
    const many = Object.fromEntries(["addr", "ADDRESS", "adres", "adresss", ...Array.from({ length: 1000 }, (_, i) => `key${i}`)].map((k) => [k, ADDRESS]));
    const error = await refused("/addresses/verify", many);
    expect(error.details).toEqual([{ path: "address", message: "address is required (unknown field addr, ADDRESS, adres)" }]);
    const heap = process.memoryUsage().heapUsed;
    const huge = await refused("/addresses/verify", { ["a".repeat(2 * 1024 * 1024 - 100)]: 1 });
    expect(huge.details).toEqual([{ path: "address", message: "address is required" }]);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(64 * 1024 * 1024);
  });
});
