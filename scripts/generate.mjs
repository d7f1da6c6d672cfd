// `prisma generate` without any download: no update check, and the schema engine (which
// generate never runs) pointed at a stub so Prisma does not try to fetch the native binary.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const stub = fileURLToPath(new URL("./schema-engine-stub.sh", import.meta.url));
const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1", PRISMA_SCHEMA_ENGINE_BINARY: stub },
});
process.exit(result.status ?? 1);
