import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "./config";

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["NODE_ENV", "INNGEST_DEV", "SWEEP_AFTER_MS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  reloadConfig();
});

describe("config", () => {
  it("refuses INNGEST_DEV=1 in production, where it would turn off Inngest's request signing", () => {
    Object.assign(process.env, { NODE_ENV: "production", INNGEST_DEV: "1" });
    expect(() => reloadConfig()).toThrow(/INNGEST_DEV: not allowed with NODE_ENV=production/);
    Object.assign(process.env, { NODE_ENV: "development" });
    expect(reloadConfig().INNGEST_DEV).toBe(true);
  });

  it("defaults the Inngest sweep's wait and refuses one under a second", () => {
    delete process.env.SWEEP_AFTER_MS;
    expect(reloadConfig().SWEEP_AFTER_MS).toBe(120_000);
    process.env.SWEEP_AFTER_MS = "10";
    expect(() => reloadConfig()).toThrow(/SWEEP_AFTER_MS/);
  });
});
