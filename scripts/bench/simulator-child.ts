/**
 * The provider simulator in its own process for the benchmarks (as `npm run provider:sim` runs it
 * beside the server), answering its port and request count over IPC.
 */
import { startSimulator } from "../../server/provider/simulator";

const sim = await startSimulator({ port: 0, latencyMs: Number(process.env.PROVIDER_SIM_LATENCY_MS ?? 50) });
process.send!({ url: sim.url });
process.on("message", (msg) => {
  if (msg === "stats") process.send!(sim.stats());
});
process.on("disconnect", () => void sim.close().finally(() => process.exit(0)));
