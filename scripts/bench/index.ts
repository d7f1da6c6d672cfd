/**
 * `npm run bench`: the production build first (the server benchmarks run it as `npm start` does),
 * then every benchmark, each in its own process so one's JIT state or heap does not colour the next.
 * They print figures; none asserts a time.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The Node flags of package.json's start script (`--max-semi-space-size=32`…): the benchmarks that run
 * the server's code in their own process (digipin, normalize) run it under the same heap settings as
 * production, where the young generation's size is a tenth of the normaliser's cost.
 */
const startScript = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
const START_FLAGS = startScript.split(/\s+/).filter((word) => word.startsWith("--"));
const IN_PROCESS = new Set(["digipin", "normalize"]);

console.log("=== build (npm run build) ===");
if (spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) {
  console.error("npm run build failed; no benchmark ran");
  process.exit(1);
}

const benches = ["digipin", "normalize", "startup", "http", "verify", "round-trips", "console", "outcomes", "privacy"];
let failed = false;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const flags = IN_PROCESS.has(name) ? START_FLAGS : [];
  if (flags.length > 0) console.log(`(node ${flags.join(" ")}, as npm start runs the server)`);
  const run = spawnSync(process.execPath, [...flags, "--import", "tsx", `scripts/bench/${name}.ts`], { stdio: "inherit" });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
