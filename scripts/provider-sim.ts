/**
 * `npm run provider:sim`: the Address Validation API simulator on 127.0.0.1:PROVIDER_SIM_PORT,
 * with the knobs from the environment. Point Dakiya at it with DAKIYA_PROVIDER=simulator.
 */
import { config } from "../server/config";
import { startSimulator } from "../server/provider/simulator";

async function main() {
  const c = config();
  const sim = await startSimulator({
    port: c.PROVIDER_SIM_PORT,
    latencyMs: c.PROVIDER_SIM_LATENCY_MS,
    jitterMs: c.PROVIDER_SIM_JITTER_MS,
    errorRate: c.PROVIDER_SIM_ERROR_RATE,
  });
  console.log(
    [
      `provider simulator: POST ${sim.url}/v1:validateAddress?key=any`,
      `  latency ${sim.knobs.latencyMs} ms + jitter up to ${sim.knobs.jitterMs} ms, random 503 rate ${sim.knobs.errorRate}`,
      "  trigger words in an address: SIMULATE_500, SIMULATE_503, SIMULATE_HANG, SIMULATE_BAD_BODY (docs/provider.md)",
    ].join("\n"),
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void sim.close().finally(() => process.exit(0)));
  }
}

main().catch((err) => {
  console.error(`provider simulator: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
