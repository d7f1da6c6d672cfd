import { spawn, type ChildProcess } from "node:child_process";
import { inject } from "vitest";

/**
 * Dakiya servers as processes of their own (test/api-process.ts: the server as `npm start` starts it,
 * without pages), for tests that kill one, stop one, or run two over one database. They run its
 * bundle, built once per run by test/global-setup.ts, as `npm start` runs the server's.
 */
export const SERVER_PROCESS = inject("serverArgs");
const children: ChildProcess[] = [];

export interface ServerProcess {
  child: ChildProcess;
  /** The REST API's base URL, `http://127.0.0.1:<port>/api/v1`. */
  url: string;
  origin: string;
}

export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, SERVER_PROCESS, { env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/api/v1`, origin: `http://127.0.0.1:${m[1]}` });
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** SIGKILLs every server process started here (for a test file's afterAll). */
export function killServerProcesses(): void {
  for (const c of children.splice(0)) c.kill("SIGKILL");
}

export async function poll<T>(fn: () => Promise<T>, until: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (until(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
