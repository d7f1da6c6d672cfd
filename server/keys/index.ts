import { createHash } from "node:crypto";
import { connection, type Db, type DbOrTx } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { KeyKind } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";
import { now, nowMs } from "../clock";

export type { KeyKind };

const KEY_PATTERN = /^dk_(test|live)_[0-9A-Za-z]{32}$/;
/** last_used_at is refreshed at most this often, so authentication stays a read on the hot path. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Authentication runs on every request, so keys are cached in the process. A revocation or a plan
 * change NOTIFYs every process on `dakiya_keys` (PostgreSQL's LISTEN/NOTIFY, or PGlite's own), which
 * evicts at once. The cache is trusted only while that LISTEN session is up: when it drops, the cache
 * is emptied and every request reads the database until the session is back (and emptied again then,
 * since notifications sent meanwhile were missed). The TTL only bounds a notification lost in transit.
 */
const KEY_CHANNEL = "dakiya_keys";
const KEY_CACHE_TTL_MS = 30_000;
const keyCache = new Map<string, { row: KeyRow; cachedAt: number }>();
/** Bumped by every notification and listener change: a read that overlapped one is not cached (it may predate the change). */
let generation = 0;
let listening = false;
let subscription: Promise<void> | null = null;

function forget(hash: string): void {
  generation++;
  if (hash === "*") keyCache.clear();
  else keyCache.delete(hash);
}

function subscribe(): Promise<void> {
  subscription ??= connection()
    .listen(KEY_CHANNEL, forget, (state) => {
      forget("*");
      listening = state === "up";
    })
    .then(
      () => {},
      (err) => console.error("key cache disabled: cannot LISTEN for revocations:", err),
    );
  return subscription;
}

/** Tells every process to forget cached keys: one key (by hash) or all of them ("*"). */
async function notifyKeysChanged(db: DbOrTx, hash: string): Promise<void> {
  forget(hash);
  await db.$executeRaw`SELECT pg_notify(${KEY_CHANNEL}, ${hash})`;
}

/** Plans changed (a workspace moved, or a plan's figures): cached keys carry plan figures. */
export function plansChanged(db: DbOrTx): Promise<void> {
  return notifyKeysChanged(db, "*");
}

export function hashKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export interface IssuedKey {
  id: string;
  kind: KeyKind;
  /** The whole secret: shown once, never stored. */
  secret: string;
  prefix: string;
  last4: string;
}

/** Active (unrevoked) keys a workspace may hold: per-key rate limits must not multiply without end. */
export const MAX_ACTIVE_KEYS_PER_WORKSPACE = 20;

export async function createKey(db: DbOrTx, workspaceId: string, kind: KeyKind, name?: string): Promise<IssuedKey> {
  const issue = async (tx: DbOrTx): Promise<IssuedKey> => {
    // The row lock makes concurrent creations count one after another.
    const [workspace] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    if (!workspace) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
    const active = await tx.apiKey.count({ where: { workspaceId, revokedAt: null } });
    if (active >= MAX_ACTIVE_KEYS_PER_WORKSPACE) {
      throw new DakiyaError("limit_reached", `A workspace holds at most ${MAX_ACTIVE_KEYS_PER_WORKSPACE} active API keys; revoke one to create another.`);
    }
    const secret = `dk_${kind}_${base62(32)}`;
    const key = { id: newId("key"), kind, prefix: secret.slice(0, 12), last4: secret.slice(-4) };
    await tx.apiKey.create({ data: { ...key, workspaceId, hash: hashKey(secret), name: name ?? null } });
    return { ...key, secret };
  };
  // A transaction client has no $connect: the caller's transaction holds the lock; the client opens one.
  return "$connect" in db ? db.$transaction(issue) : issue(db);
}

/**
 * Revokes by id (`key_…`), or by the prefix the console shows (`dk_live_AbCd`) within one workspace:
 * a prefix's random part is four characters, so alone it could name another workspace's key.
 * Revoking twice is harmless.
 */
export async function revokeKey(db: Db, idOrPrefix: string, workspaceId?: string) {
  const byId = idOrPrefix.startsWith("key_");
  if (!byId && !workspaceId) {
    throw new DakiyaError("invalid_request", `The prefix ${idOrPrefix} may match keys of several workspaces; name the workspace (--workspace) or give the key id (key_…).`);
  }
  const matches = await db.apiKey.findMany({
    where: { ...(byId ? { id: idOrPrefix } : { prefix: idOrPrefix }), ...(workspaceId ? { workspaceId } : {}) },
  });
  if (matches.length === 0) throw new DakiyaError("not_found", `No key ${idOrPrefix}.`);
  if (matches.length > 1) throw new DakiyaError("invalid_request", `The prefix ${idOrPrefix} matches ${matches.length} keys; use the key id.`);
  const key = matches[0]!;
  if (key.revokedAt) return key;
  const revoked = await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: now() } });
  await notifyKeysChanged(db, key.hash);
  return revoked;
}

export interface Caller {
  /** null when acting for the workspace without a key (batch rows whose key is gone, the console). */
  keyId: string | null;
  kind: KeyKind;
  livemode: boolean;
  workspaceId: string;
  plan: PlanFigures & { id: string };
}

/** What a request needs of the workspace's plan: quota, batch cap, rate limits (null = none). */
export interface PlanFigures {
  includedTenths: number;
  batchCap: number;
  overagePaisePerUnit: number | null;
  testNormalizePerMinute: number | null;
  testPerMinute: number | null;
  livePerMinute: number | null;
}

/** The plan's columns for a statement that joins `plans p`: `PlanFigures` and "planId", read back by `planOf`. */
export const PLAN_COLUMNS = Prisma.sql`p.id AS "planId", p.included_tenths AS "includedTenths", p.batch_cap AS "batchCap",
  p.overage_paise_per_unit AS "overagePaisePerUnit", p.test_normalize_per_minute AS "testNormalizePerMinute",
  p.test_per_minute AS "testPerMinute", p.live_per_minute AS "livePerMinute"`;

/** The plan of a row selected with `PLAN_COLUMNS`. */
export function planOf(row: PlanFigures & { planId: string }): Caller["plan"] {
  return {
    id: row.planId,
    includedTenths: row.includedTenths,
    batchCap: row.batchCap,
    overagePaisePerUnit: row.overagePaisePerUnit,
    testNormalizePerMinute: row.testNormalizePerMinute,
    testPerMinute: row.testPerMinute,
    livePerMinute: row.livePerMinute,
  };
}

interface KeyRow extends PlanFigures {
  id: string;
  kind: KeyKind;
  workspaceId: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  planId: string;
}

/** Resolves an `Authorization` header to the key's workspace and plan, or fails with 401. */
export async function authenticate(db: Db, authorization: string | null | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) {
    throw new DakiyaError("unauthenticated", "Send your API key as `Authorization: Bearer dk_live_…` (or dk_test_…).");
  }
  const secret = match[1]!;
  if (!KEY_PATTERN.test(secret)) throw new DakiyaError("unauthenticated", "The API key is malformed.");
  const hash = hashKey(secret);
  const key = await lookupKey(db, hash);
  if (!key) throw new DakiyaError("unauthenticated", "The API key is not valid.");
  if (key.revokedAt) throw new DakiyaError("unauthenticated", "The API key has been revoked.");
  if (!key.lastUsedAt || nowMs() - key.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    key.lastUsedAt = now();
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: key.lastUsedAt } });
  }
  return {
    keyId: key.id,
    kind: key.kind,
    livemode: key.kind === "live",
    workspaceId: key.workspaceId,
    plan: planOf(key),
  };
}

async function lookupKey(db: Db, hash: string): Promise<KeyRow | null> {
  await subscribe();
  const cached = listening ? keyCache.get(hash) : undefined;
  if (cached && nowMs() - cached.cachedAt < KEY_CACHE_TTL_MS) return cached.row;
  const before = generation;
  // One indexed read with the plan joined in.
  const [key] = await db.$queryRaw<KeyRow[]>`
    SELECT k.id, k.kind::text AS kind, k.workspace_id AS "workspaceId", k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt",
           ${PLAN_COLUMNS}
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id JOIN plans p ON p.id = w.plan_id
    WHERE k.hash = ${hash}`;
  if (key && listening && before === generation) keyCache.set(hash, { row: key, cachedAt: nowMs() });
  return key ?? null;
}

export interface KeyInfo {
  id: string;
  name: string | null;
  kind: KeyKind;
  prefix: string;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The workspace's keys as the console lists them (never the hash): active first, newest first. */
export async function listKeys(db: Db, workspaceId: string): Promise<KeyInfo[]> {
  return db.apiKey.findMany({
    where: { workspaceId },
    select: { id: true, name: true, kind: true, prefix: true, last4: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "asc" }],
  });
}
