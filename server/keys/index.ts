import { createHash } from "node:crypto";
import type { Db, DbOrTx } from "../db";
import type { KeyKind } from "../generated/prisma/enums";
import { DakiyaError } from "../errors";
import { base62, newId } from "../ids";
import { now, nowMs } from "../clock";

export type { KeyKind };

const KEY_PATTERN = /^dk_(test|live)_[0-9A-Za-z]{32}$/;
/** last_used_at is refreshed at most this often, so authentication stays a read on the hot path. */
const LAST_USED_PRECISION_MS = 60_000;

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

export async function createKey(db: DbOrTx, workspaceId: string, kind: KeyKind, name?: string): Promise<IssuedKey> {
  const secret = `dk_${kind}_${base62(32)}`;
  const key = {
    id: newId("key"),
    kind,
    prefix: secret.slice(0, 12),
    last4: secret.slice(-4),
  };
  await db.apiKey.create({ data: { ...key, workspaceId, hash: hashKey(secret), name: name ?? null } });
  return { ...key, secret };
}

/** Revokes by id (`key_…`) or by the prefix the console shows (`dk_live_AbCd`). Revoking twice is harmless. */
export async function revokeKey(db: Db, idOrPrefix: string, workspaceId?: string) {
  const matches = await db.apiKey.findMany({
    where: { OR: [{ id: idOrPrefix }, { prefix: idOrPrefix }], ...(workspaceId ? { workspaceId } : {}) },
  });
  if (matches.length === 0) throw new DakiyaError("not_found", `No key ${idOrPrefix}.`);
  if (matches.length > 1) throw new DakiyaError("invalid_request", `The prefix ${idOrPrefix} matches ${matches.length} keys; use the key id.`);
  const key = matches[0]!;
  if (key.revokedAt) return key;
  return db.apiKey.update({ where: { id: key.id }, data: { revokedAt: now() } });
}

export interface Caller {
  /** null when acting for the workspace without a key (batch rows whose key is gone, the console). */
  keyId: string | null;
  kind: KeyKind;
  livemode: boolean;
  workspaceId: string;
  plan: {
    id: string;
    includedTenths: number;
    batchCap: number;
    overagePaisePerUnit: number | null;
    testNormalizePerMinute: number | null;
    testPerMinute: number | null;
    livePerMinute: number | null;
  };
}

/** Resolves an `Authorization` header to the key's workspace and plan, or fails with 401. */
export async function authenticate(db: Db, authorization: string | null | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) {
    throw new DakiyaError("unauthenticated", "Send your API key as `Authorization: Bearer dk_live_…` (or dk_test_…).");
  }
  const secret = match[1]!;
  if (!KEY_PATTERN.test(secret)) throw new DakiyaError("unauthenticated", "The API key is malformed.");
  const key = await db.apiKey.findUnique({ where: { hash: hashKey(secret) }, include: { workspace: { include: { plan: true } } } });
  if (!key) throw new DakiyaError("unauthenticated", "The API key is not valid.");
  if (key.revokedAt) throw new DakiyaError("unauthenticated", "The API key has been revoked.");
  if (!key.lastUsedAt || nowMs() - key.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now() } });
  }
  const plan = key.workspace.plan;
  return {
    keyId: key.id,
    kind: key.kind,
    livemode: key.kind === "live",
    workspaceId: key.workspaceId,
    plan: {
      id: plan.id,
      includedTenths: plan.includedTenths,
      batchCap: plan.batchCap,
      overagePaisePerUnit: plan.overagePaisePerUnit,
      testNormalizePerMinute: plan.testNormalizePerMinute,
      testPerMinute: plan.testPerMinute,
      livePerMinute: plan.livePerMinute,
    },
  };
}
