import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { config } from "../config";
import { db } from "../db";
import { newWorkspace } from "../../test/helpers";
import { authenticate, createKey, hashKey, listKeys, MAX_ACTIVE_KEYS_PER_WORKSPACE, revokeKey } from ".";

const bearer = (secret: string) => `Bearer ${secret}`;

describe("active keys per workspace", () => {
  it(`allows at most ${MAX_ACTIVE_KEYS_PER_WORKSPACE}, counted under concurrent creation; revoking one makes room`, async () => {
    const ws = await newWorkspace(); // starts with two keys
    const results = await Promise.all(Array.from({ length: MAX_ACTIVE_KEYS_PER_WORKSPACE }, () => createKey(db(), ws.workspace_id, "test").catch((e: unknown) => e)));
    const refused = results.filter((r) => r instanceof Error);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      name: "DakiyaError",
      code: "limit_reached",
      status: 422,
      message: expect.stringContaining(`at most ${MAX_ACTIVE_KEYS_PER_WORKSPACE} active API keys`),
    });
    expect((await listKeys(db(), ws.workspace_id)).filter((k) => !k.revokedAt)).toHaveLength(MAX_ACTIVE_KEYS_PER_WORKSPACE);

    await revokeKey(db(), ws.live_key.slice(0, 12), ws.workspace_id);
    const fresh = await createKey(db(), ws.workspace_id, "live");
    expect(fresh.secret).toMatch(/^dk_live_/);
    await expect(createKey(db(), ws.workspace_id, "live")).rejects.toMatchObject({ code: "limit_reached" });
    // Another workspace has its own count.
    const other = await newWorkspace();
    expect((await createKey(db(), other.workspace_id, "test")).secret).toMatch(/^dk_test_/);
  });
});

describe("revoking", () => {
  it("needs the workspace for a prefix, not for a key id", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const prefix = a.live_key.slice(0, 12);
    await expect(revokeKey(db(), prefix)).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("--workspace") });
    await expect(revokeKey(db(), prefix, b.workspace_id)).rejects.toMatchObject({ code: "not_found" });
    expect((await authenticate(db(), bearer(a.live_key))).workspaceId).toBe(a.workspace_id);

    const revoked = await revokeKey(db(), prefix, a.workspace_id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    await expect(authenticate(db(), bearer(a.live_key))).rejects.toMatchObject({ code: "unauthenticated" });

    const key = await createKey(db(), b.workspace_id, "test");
    await expect(revokeKey(db(), key.id, a.workspace_id)).rejects.toMatchObject({ code: "not_found" });
    expect((await revokeKey(db(), key.id)).revokedAt).toBeInstanceOf(Date);
  });
});

// PGlite's LISTEN runs inside this process, so there is no session to drop.
describe.skipIf(process.env.DAKIYA_TEST_DB !== "postgres")("revocation after the LISTEN connection drops (PostgreSQL only)", () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: config().DATABASE_URL });
    await other.connect();
  });
  afterAll(() => other.end());

  /** The backend holding `LISTEN dakiya_keys` for this test's database, if any. */
  async function listenerPid(): Promise<number | null> {
    const { rows } = await other.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'dakiya listen dakiya_keys'");
    return rows.length === 1 ? rows[0]!.pid : null;
  }

  /** Revokes through another connection, as another server process would: the row and the NOTIFY. */
  async function revokeElsewhere(keyId: string, secret: string) {
    await other.query("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [keyId]);
    await other.query("SELECT pg_notify('dakiya_keys', $1)", [hashKey(secret)]);
  }

  it("refuses a key revoked while the listener is down, reconnects, and keeps refusing revoked keys at once", async () => {
    const ws = await newWorkspace();
    const first = await createKey(db(), ws.workspace_id, "live");
    const second = await createKey(db(), ws.workspace_id, "live");
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      // Cached, and the listener is up.
      expect((await authenticate(db(), bearer(first.secret))).keyId).toBe(first.id);
      expect((await authenticate(db(), bearer(second.secret))).keyId).toBe(second.id);
      const pid = await listenerPid();
      expect(pid).not.toBeNull();

      // Waits (up to 1 s) until the backend has exited, so its goodbye is on our socket.
      const { rows } = await other.query<{ ok: boolean }>("SELECT pg_terminate_backend($1, 1000) AS ok", [pid]);
      expect(rows[0]!.ok).toBe(true);
      await revokeElsewhere(first.id, first.secret);
      await expect(authenticate(db(), bearer(first.secret))).rejects.toMatchObject({ code: "unauthenticated", message: "The API key has been revoked." });

      // The listener comes back on its own (backoff starts at 100 ms).
      let back: number | null = null;
      for (let i = 0; i < 100 && !(back = await listenerPid()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(back).not.toBeNull();
      expect(back).not.toBe(pid);

      // Cached again after the reconnect, then revoked elsewhere: refused at once through the notification.
      expect((await authenticate(db(), bearer(second.secret))).keyId).toBe(second.id);
      await revokeElsewhere(second.id, second.secret);
      let refused = false;
      for (let i = 0; i < 20 && !refused; i++) {
        refused = await authenticate(db(), bearer(second.secret)).then(
          () => false,
          () => true,
        );
        if (!refused) await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
