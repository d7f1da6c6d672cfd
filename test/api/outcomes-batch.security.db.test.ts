import v8 from "node:v8";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiServer } from "../server";
import { newWorkspace, unlimitedPlan } from "../helpers";

/**
 * Hostile input to `POST /outcomes/batch`: deep nesting, 1000-item arrays inside reports, strings
 * up to and past the 2 MiB body limit, text that is not Unicode. Each is a 4xx, or a 200 listing the
 * reports as invalid, never a 5xx; and the server's heap is as flat after many of them as before.
 */
const { api } = useApiServer();
let key: string;
beforeAll(async () => {
  await unlimitedPlan("outcomes_hostile_test", 1000, 0);
  key = (await newWorkspace("outcomes_hostile_test")).live_key;
});

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const MiB = 1024 * 1024;
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

const HOSTILE: [string, () => string, (status: number, body: any) => void][] = [
  [
    "a report nested 100,000 arrays deep",
    () => `{"outcomes":[${nested(100_000)}]}`,
    (status, body) => {
      expect(status).toBe(400);
      expect(body.error.message).toBe("Invalid request: the input is nested more than 32 levels deep.");
    },
  ],
  [
    "1000 reports each holding a 1000-item array",
    () => JSON.stringify({ outcomes: Array.from({ length: 1000 }, () => ({ order_id: "X", outcome: "delivered", courier: Array(1000).fill(0) })) }),
    (status, body) => {
      expect(status).toBe(200);
      expect(body.errors).toHaveLength(1000);
      expect(body.errors[0]).toMatchObject({ index: 0, code: "invalid_request", message: expect.stringMatching(/^courier: courier must be a string/) });
    },
  ],
  [
    "a courier just under 2 MiB",
    () => JSON.stringify({ outcomes: [{ order_id: "X", outcome: "delivered", courier: "x".repeat(2 * MiB - 200) }] }),
    (status, body) => {
      expect(status).toBe(200);
      expect(body.errors).toEqual([{ index: 0, code: "invalid_request", message: "courier: courier must be at most 100 characters" }]);
    },
  ],
  [
    "a body over 2 MiB",
    () => JSON.stringify({ outcomes: [{ order_id: "x".repeat(2 * MiB), outcome: "delivered" }] }),
    (status, body) => {
      expect(status).toBe(413);
      expect(body.error.code).toBe("payload_too_large");
    },
  ],
  [
    "a lone surrogate in an order id",
    () => '{"outcomes":[{"order_id":"A\\ud800","outcome":"delivered"}]}',
    (status, body) => {
      expect(status).toBe(400);
      expect(body.error.details[0].path).toBe("outcomes.0.order_id");
    },
  ],
  [
    "1001 reports",
    () => JSON.stringify({ outcomes: Array.from({ length: 1001 }, () => ({ order_id: "X", outcome: "delivered" })) }),
    (status, body) => {
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/at most 1000 reports/);
    },
  ],
  [
    "outcomes as an object with 1000 keys",
    () => JSON.stringify({ outcomes: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) }),
    (status, body) => {
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  ],
];

describe("POST /outcomes/batch under hostile input", () => {
  it.each(HOSTILE)("%s", async (_name, body, check) => {
    const res = await api("POST", "/outcomes/batch", { key, raw: body(), headers: { "content-type": "application/json" } });
    check(res.status, res.body);
  });

  it("leaves the heap flat after 3 rounds of all of them", { timeout: 120_000 }, async () => {
    const round = async () => {
      for (const [, body] of HOSTILE) await api("POST", "/outcomes/batch", { key, raw: body(), headers: { "content-type": "application/json" } });
    };
    await round();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 3; i++) await round();
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * MiB);
  });
});
