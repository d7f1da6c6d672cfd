import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { newWorkspace } from "../../test/helpers";
import { config } from "../config";
import { db } from "../db";
import { previewPolicy } from "./preview";
import { fillVerifications } from "./preview.test-data";

/** One preview per workspace at a time, in this process and across processes; other workspaces are not held up. */
const POLICY = { ship_min_score: 70, hold_max_score: 15, rules: [{ if: { payment_method: "cod", score_below: 70 }, then: "HOLD" }] };
const BUSY = { code: "rate_limited", status: 429, headers: { "Retry-After": "5" } };

let a: string;
let b: string;

beforeAll(async () => {
  a = (await newWorkspace()).workspace_id;
  b = (await newWorkspace()).workspace_id;
  await fillVerifications(a, 2000);
  await fillVerifications(b, 2000);
});

describe("one preview per workspace at a time", () => {
  it("a second preview of the workspace while one runs is 429 rate_limited with Retry-After; another workspace's runs", async () => {
    const first = previewPolicy(db(), a, { policy: POLICY });
    const second = previewPolicy(db(), a, { policy: POLICY });
    const other = previewPolicy(db(), b, { policy: POLICY });
    await expect(second).rejects.toMatchObject(BUSY);
    expect((await first).verifications).toBe(2000);
    expect((await other).verifications).toBe(2000);
    expect((await previewPolicy(db(), a, { policy: POLICY })).verifications).toBe(2000);
  });

  it.skipIf(!config().DATABASE_URL)("a preview running in another process holds the workspace too (PostgreSQL)", async () => {
    const otherProcess = new pg.Client({ connectionString: config().DATABASE_URL });
    await otherProcess.connect();
    try {
      await otherProcess.query("SELECT pg_advisory_lock($1::int, hashtext($2))", [0x7072, a]);
      await expect(previewPolicy(db(), a, { policy: POLICY })).rejects.toMatchObject(BUSY);
      expect((await previewPolicy(db(), b, { policy: POLICY })).verifications).toBe(2000);
      await otherProcess.query("SELECT pg_advisory_unlock($1::int, hashtext($2))", [0x7072, a]);
      expect((await previewPolicy(db(), a, { policy: POLICY })).verifications).toBe(2000);
    } finally {
      await otherProcess.end();
    }
  });
});
