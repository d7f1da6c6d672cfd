import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { MIX, seedBatch, type SeedRow } from "../../test/batch-results";
import { newWorkspace } from "../../test/helpers";
import { advanceClock, now, setClock } from "../clock";
import { db } from "../db";
import type { Decision } from "../generated/prisma/enums";
import { CSV_FIELDS, decisionCounts, filteredOrderIds, resultRows, resultsCsv, type ResultsQuery } from "./results";

/** Every page of a query, following next_cursor. */
async function allPages(workspaceId: string, batchId: string, query: ResultsQuery) {
  const rows = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await resultRows(db(), workspaceId, batchId, { ...query, cursor });
    rows.push(...page.rows);
    if (!page.next_cursor) return rows;
    cursor = page.next_cursor;
  }
  throw new Error("more than 100 pages");
}

async function csvOf(stream: ReadableStream<Uint8Array>) {
  const text = await new Response(stream).text();
  return { text, parsed: Papa.parse<string[]>(text, { skipEmptyLines: true }) };
}

describe("batch results", () => {
  it("counts decisions, failed, cancelled and unfinished rows", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX, "processing");
    expect(await decisionCounts(db(), ws.workspace_id, batchId)).toEqual({ total: 10, SHIP: 3, REVIEW: 2, HOLD: 2, succeeded: 7, failed: 1, cancelled: 1, unfinished: 1 });
  });

  it("lists rows in row order with their reasons in words, failed rows with their error in words", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    const page = await resultRows(db(), ws.workspace_id, batchId);
    expect(page.matching).toBe(10);
    expect(page.next_cursor).toBeNull();
    expect(page.rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const hold = page.rows[1]!;
    expect(hold).toMatchObject({ order_id: "ORD-2", status: "succeeded", decision: "HOLD", score: 10, pincode: "560011", error: null });
    expect(hold.reasons).toEqual([{ code: "pincode_not_found", message: "Pincode 999999 is not in India Post's directory." }]);
    expect(hold.verification_id).toMatch(/^ver_/);
    expect(hold.normalized).toContain("Karnataka");
    expect(page.rows[3]).toMatchObject({ status: "failed", decision: null, score: null, reasons: [], verification_id: null, error: { code: "provider_error" } });
    expect(page.rows[3]!.error!.message).toMatch(/provider answered with an error/);
    expect(page.rows[5]).toMatchObject({ status: "cancelled", decision: null, error: null });
  });

  it("gives the best suggested pincode on rows whose reasons include pincode_suggested, and none elsewhere", async () => {
    const ws = await newWorkspace();
    const suggested = { code: "pincode_suggested", message: "The address's locality, city and district point to another pincode." };
    const batchId = await seedBatch(ws.workspace_id, [
      { decision: "HOLD", score: 10, address: "12, 3rd Cross, Indiranagar, Bengaluru, Karnataka 999999", reasons: [suggested] },
      { decision: "SHIP", score: 95 },
    ]);
    const { rows } = await resultRows(db(), ws.workspace_id, batchId);
    expect(rows.map((r) => r.suggested_pincode)).toEqual(["560038", null]);
  });

  it("filters by decision, status and a part of the order id, and counts the matches", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    const hold = await resultRows(db(), ws.workspace_id, batchId, { decisions: ["HOLD"] });
    expect(hold.rows.map((r) => [r.row, r.decision])).toEqual([
      [2, "HOLD"],
      [5, "HOLD"],
    ]);
    expect(hold.matching).toBe(2);
    expect((await resultRows(db(), ws.workspace_id, batchId, { decisions: ["REVIEW", "HOLD"] })).rows.map((r) => r.row)).toEqual([2, 3, 5, 8]);
    expect((await resultRows(db(), ws.workspace_id, batchId, { statuses: ["failed", "cancelled"] })).rows.map((r) => r.row)).toEqual([4, 6]);
    expect((await resultRows(db(), ws.workspace_id, batchId, { orderId: "abc" })).rows.map((r) => r.order_id)).toEqual(["ABC-17"]);
    // ORD-1 and ORD-10 would match "1"; row 10 has no order id, so only ORD-1 does.
    expect((await resultRows(db(), ws.workspace_id, batchId, { orderId: "ORD-1" })).rows.map((r) => r.order_id)).toEqual(["ORD-1"]);
    expect((await resultRows(db(), ws.workspace_id, batchId, { decisions: ["SHIP"], orderId: "ORD" })).rows.map((r) => r.row)).toEqual([1]);
    // LIKE's wildcards are searched as text.
    expect((await resultRows(db(), ws.workspace_id, batchId, { orderId: "%" })).matching).toBe(0);
    expect((await resultRows(db(), ws.workspace_id, batchId, { orderId: "_" })).matching).toBe(0);
  });

  it("gives the order ids of the filtered rows, each once, in row order", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, [...MIX, { decision: "HOLD", order_id: "ORD-2" }]);
    expect(await filteredOrderIds(db(), ws.workspace_id, batchId, { decisions: ["HOLD"] })).toEqual(["ORD-2", "ORD-5"]);
    expect(await filteredOrderIds(db(), ws.workspace_id, batchId, { decisions: ["SHIP"] })).toEqual(["ORD-1", "ABC-17"]);
    expect(await filteredOrderIds(db(), ws.workspace_id, batchId)).toHaveLength(9);
  });

  it("sorts by score either way with the rows without a score last, ties in row order", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    const desc = await allPages(ws.workspace_id, batchId, { sort: "score", order: "desc", limit: 3 });
    expect(desc.map((r) => r.row)).toEqual([10, 1, 7, 3, 8, 2, 5, 4, 6, 9]);
    const asc = await allPages(ws.workspace_id, batchId, { sort: "score", order: "asc", limit: 3 });
    expect(asc.map((r) => r.row)).toEqual([5, 2, 3, 8, 7, 1, 10, 4, 6, 9]);
    expect((await allPages(ws.workspace_id, batchId, { sort: "row", order: "desc", limit: 4 })).map((r) => r.row)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("pages 1000 rows with a cursor, each row once, with a filter applied on every page", async () => {
    const ws = await newWorkspace();
    const decisions: Decision[] = ["SHIP", "REVIEW", "HOLD"];
    const rows: SeedRow[] = Array.from({ length: 1000 }, (_, i) => ({ decision: decisions[i % 3], score: (i * 37) % 101 }));
    const batchId = await seedBatch(ws.workspace_id, rows);
    const first = await resultRows(db(), ws.workspace_id, batchId, { limit: 50 });
    expect(first.rows).toHaveLength(50);
    expect(first.matching).toBe(1000);
    const all = await allPages(ws.workspace_id, batchId, { limit: 200 });
    expect(all.map((r) => r.row)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const holdByScore = await allPages(ws.workspace_id, batchId, { decisions: ["HOLD"], sort: "score", order: "desc", limit: 50 });
    expect(holdByScore).toHaveLength(333);
    expect(new Set(holdByScore.map((r) => r.row)).size).toBe(333);
    expect(holdByScore.every((r) => r.decision === "HOLD")).toBe(true);
    const scores = holdByScore.map((r) => r.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("refuses a cursor it did not give out", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    await expect(resultRows(db(), ws.workspace_id, batchId, { cursor: "x' OR 1=1" })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("shows one workspace's batch to no other workspace", async () => {
    const owner = await newWorkspace();
    const other = await newWorkspace();
    const batchId = await seedBatch(owner.workspace_id, MIX);
    await expect(resultRows(db(), other.workspace_id, batchId)).rejects.toMatchObject({ code: "batch_not_found" });
    await expect(decisionCounts(db(), other.workspace_id, batchId)).rejects.toMatchObject({ code: "batch_not_found" });
    await expect(resultsCsv(db(), other.workspace_id, batchId, { decisions: ["HOLD"] })).rejects.toMatchObject({ code: "batch_not_found" });
  });

  it("answers results_expired once the seven days are over", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    setClock(now());
    try {
      advanceClock(7 * 24 * 3600_000 + 1);
      await expect(resultRows(db(), ws.workspace_id, batchId)).rejects.toMatchObject({ code: "results_expired" });
      await expect(resultsCsv(db(), ws.workspace_id, batchId)).rejects.toMatchObject({ code: "results_expired" });
    } finally {
      setClock(null);
    }
  });

  it("downloads just the filtered rows, in submitted order, with the contract's columns", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX);
    const { parsed } = await csvOf(await resultsCsv(db(), ws.workspace_id, batchId, { decisions: ["HOLD", "REVIEW"] }));
    expect(parsed.data[0]).toEqual(CSV_FIELDS);
    const rows = parsed.data.slice(1).map((cells) => Object.fromEntries(CSV_FIELDS.map((f, i) => [f, cells[i]])));
    expect(rows.map((r) => [r.row, r.order_id, r.decision, r.reasons])).toEqual([
      ["2", "ORD-2", "HOLD", "pincode_not_found"],
      ["3", "ORD-3", "REVIEW", "missing_house_number"],
      ["5", "ORD-5", "HOLD", "pincode_not_found"],
      ["8", "ORD-8", "REVIEW", "missing_house_number"],
    ]);
    const failed = await csvOf(await resultsCsv(db(), ws.workspace_id, batchId, { statuses: ["failed", "cancelled"] }));
    expect(failed.parsed.data.slice(1).map((c) => [c[0], c[3], c[4], c[5], c[14]])).toEqual([
      ["4", "failed", "", "", "provider_error"],
      ["6", "cancelled", "", "", ""],
    ]);
    const none = await csvOf(await resultsCsv(db(), ws.workspace_id, batchId, { orderId: "no such order" }));
    expect(none.parsed.data).toEqual([CSV_FIELDS]);
  });

  it("refuses the download while the batch runs", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, MIX, "processing");
    await expect(resultsCsv(db(), ws.workspace_id, batchId)).rejects.toMatchObject({ code: "batch_active" });
  });

  it("neutralises every cell that starts like a formula, line breaks and all", async () => {
    const ws = await newWorkspace();
    const dangerous = ["=1+2\nx", "+91 98450\r\n12345", '-2+3\n=HYPERLINK("http://evil")', "@SUM(A1)\nB", "\t=1\n2", "\r=cmd|' /C calc'!A0"];
    const batchId = await seedBatch(ws.workspace_id, [
      ...dangerous.map((address, i) => ({ address: `${address} Bengaluru 560011`, order_id: dangerous[(i + 1) % dangerous.length]! })),
      { address: "12 MG Road\nBengaluru 560001", order_id: "ORD\n42" },
    ]);
    const { parsed } = await csvOf(await resultsCsv(db(), ws.workspace_id, batchId));
    const body = parsed.data.slice(1);
    expect(body).toHaveLength(dangerous.length + 1);
    for (const [i, cells] of body.slice(0, dangerous.length).entries()) {
      // Each cell reads back as the text sent, behind a quote that makes it text in a spreadsheet.
      expect(cells[1]).toBe(`'${dangerous[(i + 1) % dangerous.length]}`);
      expect(cells[2]).toBe(`'${dangerous[i]} Bengaluru 560011`);
    }
    for (const cells of body) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // A line break alone is kept as it is, not marked.
    expect(body[dangerous.length]!.slice(1, 3)).toEqual(["ORD\n42", "12 MG Road\nBengaluru 560001"]);
  });
});
