import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { seedBatch } from "../../test/batch-results";
import { newWorkspace } from "../../test/helpers";
import { db } from "../db";
import { resultsCsv } from "./results";

/**
 * Spreadsheets skip white space and line breaks before a formula: a cell that starts with any of them
 * and then `=`, `+`, `-` or `@` runs as a formula, so it is neutralised like one that starts with `=`.
 */
describe("the results CSV", () => {
  it("neutralises a cell that starts with line breaks or white space and then a formula", async () => {
    const dangerous = ["\n=1+2", '\r\n=HYPERLINK("http://evil")', " =SUM(A1)", "\n\n+91 98450", "  -2+3", "\u00a0@SUM(A1)", "\t\n=cmd"];
    const ws = await newWorkspace();
    const batchId = await seedBatch(
      ws.workspace_id,
      dangerous.map((d, i) => ({ address: `${d} Bengaluru 560011`, order_id: dangerous[(i + 1) % dangerous.length]! })),
    );
    const text = await new Response(await resultsCsv(db(), ws.workspace_id, batchId)).text();
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
    expect(rows).toHaveLength(dangerous.length);
    for (const [i, cells] of rows.entries()) {
      // Read back as the text sent, behind a quote that makes it text in a spreadsheet.
      expect(cells[1]).toBe(`'${dangerous[(i + 1) % dangerous.length]}`);
      expect(cells[2]).toBe(`'${dangerous[i]} Bengaluru 560011`);
    }
  });

  it("leaves text that only has white space or line breaks in front as it is", async () => {
    const ws = await newWorkspace();
    const batchId = await seedBatch(ws.workspace_id, [{ address: "\n12 MG Road, Bengaluru 560001", order_id: " ORD-1" }]);
    const text = await new Response(await resultsCsv(db(), ws.workspace_id, batchId)).text();
    const [cells] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
    expect(cells!.slice(1, 3)).toEqual([" ORD-1", "\n12 MG Road, Bengaluru 560001"]);
  });
});
