import { createHistogram } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { prometheusSamples } from "../../test/prometheus";
import { recordEventLoopDelay, registry } from ".";

const FIGURES = ["min", "max", "mean", "stddev", "p50", "p90", "p99"].map((f) => `dakiya_nodejs_eventloop_lag_${f}_seconds`);

describe("the event loop's delay figures", () => {
  it("are left out of a scrape, their help and type kept, when no delay was sampled since the last scrape", async () => {
    recordEventLoopDelay(createHistogram());
    const text = await registry.metrics();
    const samples = prometheusSamples(text);
    for (const name of FIGURES) {
      expect(text).toContain(`# TYPE ${name} gauge`);
      expect(samples.filter((s) => s.name === name)).toEqual([]);
    }
    expect(samples.every((s) => !Number.isNaN(s.value))).toBe(true);
  });

  it("are given in seconds once there are samples, and each scrape starts a new window", async () => {
    const delays = createHistogram();
    delays.record(2_000_000);
    delays.record(4_000_000);
    recordEventLoopDelay(delays);
    const samples = prometheusSamples(await registry.metrics());
    const value = (figure: string) => samples.find((s) => s.name === `dakiya_nodejs_eventloop_lag_${figure}_seconds`)?.value;
    expect(value("min")).toBeCloseTo(0.002, 4);
    expect(value("max")).toBeCloseTo(0.004, 4);
    expect(value("mean")).toBeCloseTo(0.003, 4);
    expect(value("p99")).toBeCloseTo(0.004, 4);
    expect(delays.count).toBe(0);
  });
});

describe("reading the exposition format as Prometheus does", () => {
  it("takes NaN and Inf in any case, signed Inf, exponents, timestamps and escaped label values", () => {
    const samples = prometheusSamples(["a Nan", "b NaN", "c +Inf", "d -inf", "e 1.5e-3 1700000000000", 'f{x="a\\"b\\\\c\\nd",y="2",} .5', "", "# comment"].join("\n"));
    expect(samples.map((s) => s.name)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(samples.slice(0, 2).every((s) => Number.isNaN(s.value))).toBe(true);
    expect(samples.slice(2).map((s) => s.value)).toEqual([Infinity, -Infinity, 0.0015, 0.5]);
    expect(samples[5]!.labels).toEqual({ x: 'a"b\\c\nd', y: "2" });
  });

  it.each(["a", "a 1 2 3", "a 0x1p3", "a 1_000", "a +NaN", "1a 1", "a{x=y} 1", 'a{x="1"', "a one"])("refuses %j", (line) => {
    expect(() => prometheusSamples(line)).toThrow(/not a Prometheus sample line/);
  });
});
