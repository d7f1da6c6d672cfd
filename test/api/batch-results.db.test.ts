import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/api/root";
import { ResultsDownloadQuery } from "../../server/api/routers/console/batches";
import { createCallerFactory, type Context } from "../../server/api/trpc";
import { db } from "../../server/db";
import type { MemberRole } from "../../server/members";
import { MIX, seedBatch } from "../batch-results";
import { newWorkspace } from "../helpers";

const createCaller = createCallerFactory(appRouter);

/** The console's caller for a member of a workspace, as createConsoleContext builds it from a session. */
async function consoleAs(workspaceId: string, role: MemberRole) {
  const plan = await db().plan.findUniqueOrThrow({ where: { id: "starter" } });
  const ctx: Context = {
    db: db(),
    requestId: "req_test",
    caller: { keyId: null, kind: "live", livemode: true, workspaceId, plan },
    member: { userId: `usr_${role}`, email: `${role}@example.com`, name: role, role, workspaceName: "Acme" },
    origin: "http://localhost:3000",
    response: { headers: {} },
  };
  return createCaller(ctx);
}

let acme: string;
let other: string;
let batchId: string;

beforeAll(async () => {
  acme = (await newWorkspace()).workspace_id;
  other = (await newWorkspace()).workspace_id;
  batchId = await seedBatch(acme, MIX);
});

describe("console batch results procedures", () => {
  it("let a viewer read the counts, a filtered page of rows and the filtered order ids", async () => {
    const api = await consoleAs(acme, "viewer");
    expect(await api.console.batchResults.counts({ batch_id: batchId })).toMatchObject({ SHIP: 3, REVIEW: 2, HOLD: 2, failed: 1, cancelled: 1 });
    const page = await api.console.batchResults.rows({ batch_id: batchId, decisions: ["HOLD"], sort: "score", order: "desc", limit: 1 });
    expect(page.rows.map((r) => [r.row, r.decision, r.reasons[0]?.message])).toEqual([[2, "HOLD", "Pincode 999999 is not in India Post's directory."]]);
    expect(page.matching).toBe(2);
    const next = await api.console.batchResults.rows({ batch_id: batchId, decisions: ["HOLD"], sort: "score", order: "desc", limit: 1, cursor: page.next_cursor! });
    expect(next.rows.map((r) => r.row)).toEqual([5]);
    expect(await api.console.batchResults.orderIds({ batch_id: batchId, order_id: "  abc " })).toEqual(["ABC-17"]);
  });

  it("let a member read the batch's name, null when it was given none", async () => {
    const api = await consoleAs(acme, "viewer");
    const unnamed = await seedBatch(acme, MIX.slice(0, 1));
    expect(await api.console.batchName({ batch_id: unnamed })).toEqual({ name: null });
    await db().batch.update({ where: { id: batchId }, data: { name: "Monday's orders (Flipkart)" } });
    expect(await api.console.batchName({ batch_id: batchId })).toEqual({ name: "Monday's orders (Flipkart)" });
  });

  it("answer batch_not_found to another workspace's member", async () => {
    const api = await consoleAs(other, "owner");
    await expect(api.console.batchResults.counts({ batch_id: batchId })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
    await expect(api.console.batchResults.rows({ batch_id: batchId })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
    await expect(api.console.batchResults.orderIds({ batch_id: batchId })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
    await expect(api.console.batchName({ batch_id: batchId })).rejects.toMatchObject({ cause: { code: "batch_not_found" } });
  });

  it("refuse a filter outside the catalogue and a page over 200 rows", async () => {
    const api = await consoleAs(acme, "owner");
    await expect(api.console.batchResults.rows({ batch_id: batchId, decisions: ["MAYBE" as "HOLD"] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(api.console.batchResults.rows({ batch_id: batchId, limit: 201 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("the download's query parameters", () => {
  it("read comma-separated decisions and statuses and a trimmed order id", () => {
    expect(ResultsDownloadQuery.parse({ decision: "REVIEW,HOLD", status: "succeeded", order_id: " ORD-1 " })).toEqual({
      decisions: ["REVIEW", "HOLD"],
      statuses: ["succeeded"],
      orderId: "ORD-1",
    });
    expect(ResultsDownloadQuery.parse({})).toEqual({ decisions: undefined, statuses: undefined, orderId: undefined });
    expect(ResultsDownloadQuery.safeParse({ decision: "HOLD,MAYBE" }).success).toBe(false);
  });
});
