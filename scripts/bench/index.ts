/**
 * `npm run bench`: the production build first (the server benchmarks run it as `npm start` does),
 * then every benchmark, each in its own process so one's JIT state or heap does not colour the next.
 * They print figures; none asserts a time.
 */
import { spawnSync } from "node:child_process";

console.log("=== build (npm run build) ===");
if (spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) {
  console.error("npm run build failed; no benchmark ran");
  process.exit(1);
}

const benches = ["digipin", "normalize", "http", "verify", "round-trips", "console", "outcomes", "privacy"];
let failed = false;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ["--import", "tsx", `scripts/bench/${name}.ts`], { stdio: "inherit" });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
