import { spawn } from "node:child_process";
import { setupBench, freePort, autocannonRun } from "./bench/lib.ts";
const bench = await setupBench();
const port = await freePort();
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/prof", "--import", "tsx", "scripts/serve.ts", "start"], { env: { ...bench.env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "ignore", "inherit"] });
for (let i = 0; i < 100; i++) { try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 300)); }
const url = `http://127.0.0.1:${port}/api/v1/digipin/39J-49L-L8T4`;
await autocannonRun({ url, connections: 32, seconds: 2, headers: { authorization: `Bearer ${bench.testKey}` } });
const r = await autocannonRun({ url, connections: 32, seconds: 6, headers: { authorization: `Bearer ${bench.testKey}` } });
console.log(r);
child.kill("SIGTERM");
await new Promise(r => child.once("exit", r));
