import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { cliFixture } from "./cli";

const { env, migrate, dakiya, dakiyaJson } = cliFixture("outcomes-import-cli");
const dir = path.dirname(env.PGLITE_DIR);

function csvFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}

const demoOrder = (n: number) => `DEMO-${String(n).padStart(6, "0")}`;
const WORDS = ["Delivered", "RTO", "Returned to origin", "Refused", "Lost"];

// `dakiya outcomes import` as an operator runs it: a real process, its exit code and what it prints.
// Each process costs seconds on a loaded machine, so one file carries most of the bad input.
describe("dakiya outcomes import", { timeout: 300_000 }, () => {
  let ws: { workspace_id: string };
  let demo: { verifications: number; outcomes: number };

  it("records a courier's 1001-row report: the known orders, and each bad row listed with its row number and why", async () => {
    await migrate();
    ws = await dakiyaJson<{ workspace_id: string }>("workspace", "create", "--name", "Outcomes import CLI", "--plan", "starter", "--json");
    // Live verifications DEMO-000001 to DEMO-000040, most of them with an outcome already.
    demo = await dakiyaJson("demo", "outcomes", "--workspace", ws.workspace_id, "--count", "40", "--json");
    expect(demo.verifications).toBe(40);

    const rows = Array.from({ length: 1001 }, (_, i) => {
      const n = i + 1;
      if (n <= 40) return `AWB${n},${demoOrder(n)},${WORDS[n % WORDS.length]},Delhivery,24/11/2026`;
      if (n <= 45) return `AWB${n},${demoOrder(n - 40)},Teleported,Blue Dart,`;
      if (n === 46) return `AWB${n},,Delivered,Shadowfax,`;
      if (n === 47) return `AWB${n},${demoOrder(7)},Delivered,Shadowfax,31/02/2026`;
      if (n === 48) return `AWB${n},${demoOrder(1)},Delivered,Shadowfax,`;
      return `AWB${n},NOPE-${n},Delivered,XpressBees,`;
    });
    const file = csvFile("report.csv", ["AWB,Order No,Current Status,Courier Partner,Delivered On", ...rows]);
    const result = await dakiyaJson<{ rows: number; recorded: number; duplicates: number; skipped: { row: number; id: string; reason: string }[] }>(
      "outcomes",
      "import",
      "--workspace",
      ws.workspace_id,
      "--file",
      file,
      "--json",
    );
    // The 40 without an outcome are recorded; those with the demo's outcome, and row 48 (DEMO-000001 again), are duplicates.
    expect(result).toMatchObject({ rows: 1001, recorded: demo.verifications - demo.outcomes, duplicates: demo.outcomes + 1 });
    expect(result.skipped).toHaveLength(1001 - 41);
    expect(result.skipped.slice(0, 8).map((s) => [s.row, s.id])).toEqual([
      [41, demoOrder(1)],
      [42, demoOrder(2)],
      [43, demoOrder(3)],
      [44, demoOrder(4)],
      [45, demoOrder(5)],
      [46, ""],
      [47, demoOrder(7)],
      [49, "NOPE-49"],
    ]);
    expect(result.skipped[0]!.reason).toMatch(/^The outcome "Teleported" is not one we know\. Known words include delivered, DL, DLVD \(delivered\); RTO/);
    expect(result.skipped[5]!.reason).toBe("Neither an order id nor a verification id.");
    expect(result.skipped[6]!.reason).toMatch(/^The date "31\/02\/2026" is not a date/);
    expect(result.skipped.at(-1)).toEqual({ row: 1001, id: "NOPE-1001", reason: 'No live verification with order_id "NOPE-1001" in this workspace.' });
  });

  it("prints the counts and one line per skipped row", async () => {
    const file = csvFile("small.csv", ["order_id,status,courier", `${demoOrder(2)},Delivered,Delhivery`, `${demoOrder(3)},Teleported,Blue Dart`, "NOPE-1,RTO,Shadowfax"]);
    const res = await dakiya("outcomes", "import", "--workspace", ws.workspace_id, "--file", file);
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split("\n");
    expect(lines).toEqual([
      `Workspace ${ws.workspace_id}: 3 rows; 0 outcomes recorded, 1 duplicates (already reported), 2 skipped.`,
      expect.stringMatching(new RegExp(`^  row 2 \\(${demoOrder(3)}\\): The outcome "Teleported" is not one we know\\.`)),
      `  row 3 (NOPE-1): No live verification with order_id "NOPE-1" in this workspace.`,
    ]);
    expect(res.stderr).toBe("");
  });

  it("refuses an empty file with one line and exit 2, recording nothing", async () => {
    const res = await dakiya("outcomes", "import", "--workspace", ws.workspace_id, "--file", csvFile("empty.csv", []));
    expect(res.code).toBe(2);
    expect(res.stdout).toBe("");
    expect(res.stderr).toBe("dakiya: the file is empty: a header row, then one outcome per row\n");
  });
});
