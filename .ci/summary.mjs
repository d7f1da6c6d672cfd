// One line of counts from a test runner's JSON report: `node .ci/summary.mjs vitest|playwright <report.json> <exit code>`.
// A missing or unreadable report (the runner died before writing it) is said so, with the runner's exit code.
import fs from "node:fs";

const [runner, file, exitCode] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(fs.readFileSync(file, "utf8"));
} catch {
  console.log(`SUMMARY ${runner}: no report (exit ${exitCode})`);
  process.exit(0);
}
if (runner === "vitest") {
  const files = report.testResults.length;
  const failedFiles = report.testResults.filter((f) => f.status === "failed").length;
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`SUMMARY vitest: ${report.numPassedTests} passed, ${skipped} skipped, ${report.numFailedTests} failed (files ${files}, ${failedFiles} failed), exit ${exitCode}`);
} else {
  const { expected, unexpected, flaky, skipped } = report.stats;
  const errors = report.errors?.length ?? 0;
  console.log(`SUMMARY playwright: ${expected} passed, ${skipped} skipped, ${unexpected} failed, ${flaky} flaky, ${errors} errors outside tests, exit ${exitCode}`);
}
