import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";

export const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The CLI's `node` arguments before its own: scripts/cli.ts bundled once per run by
 * test/global-setup.ts, which is what bin/dakiya.mjs runs through tsx. A test that must run the
 * user's entry itself uses BIN.
 */
export const DAKIYA = inject("dakiyaArgs");
export const BIN = ["bin/dakiya.mjs"];

/** Makes `dir` a migrated PGlite directory: a copy of the run's template (test/global-setup.ts). */
export function migratedPglite(dir: string): void {
  fs.cpSync(inject("pgliteTemplate"), dir, { recursive: true });
}

/**
 * The CLI as a real child process. On PostgreSQL it shares the test's database; on PGlite it gets
 * its own directory (PGlite is one process at a time), migrated by `migrate()`.
 */
export function cliFixture(name: string) {
  const env = { ...process.env, PGLITE_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), `dakiya-${name}-`)), "pglite") };
  async function runCli(entry: string[], args: string[]): Promise<CliResult> {
    try {
      const { stdout, stderr } = await run(process.execPath, [...entry, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as CliResult;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const dakiya = (...args: string[]) => runCli(DAKIYA, args);
  return {
    env,
    migrate: async (): Promise<void> => {
      if (!process.env.DATABASE_URL) migratedPglite(env.PGLITE_DIR);
    },
    dakiya,
    /** The same through bin/dakiya.mjs, the entry users run. */
    dakiyaBin: (...args: string[]) => runCli(BIN, args),
    /** A command that must succeed with `--json`: its output parsed, else an error carrying what it printed. */
    dakiyaJson: async <T = Record<string, string>>(...args: string[]): Promise<T> => {
      const res = await dakiya(...args);
      if (res.code !== 0) throw new Error(`dakiya ${args.join(" ")} exited ${res.code}: ${res.stderr || res.stdout}`);
      return JSON.parse(res.stdout) as T;
    },
  };
}
