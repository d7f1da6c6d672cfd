import { now } from "../clock";
import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { OUTCOME_COST_MAX_RUPEES } from "../../lib/shared";
import type { Decision } from "../../lib/words";
import { compilePolicy, type DecisionFacts } from "./decide";
import { DEFAULT_POLICY, parsePolicy, type Policy, type PolicyVersion } from "./schema";

export { compilePolicy, decideUnder, guard, type DecisionFacts } from "./decide";
export {
  DEFAULT_POLICY,
  parsePolicy,
  POLICY_MAX_BYTES,
  POLICY_MAX_TOTAL_PINCODES,
  POLICY_MAX_TOTAL_REASONS,
  POLICY_MAX_TOTAL_STATES,
  PolicySchema,
  type Policy,
  type PolicyCondition,
  type PolicyRule,
  type PolicyVersion,
} from "./schema";

/**
 * Versioned decision policies per workspace. Nothing stored means version 1, DEFAULT_POLICY; each
 * publish adds the next version. A version never changes once written, so a process keeps the ones
 * it has read: the hot path reads only the number in force (with the rest of its one read).
 */
export const CLI_AUTHOR = "operator (CLI)";

type Compiled = { policy: Policy; decide: (facts: DecisionFacts) => Decision; bytes: number };
const cache = new Map<string, Compiled>();
/** The cache holds at most this much policy (as JSON), oldest out first: versions may be up to POLICY_MAX_BYTES each. */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;
let cachedBytes = 0;

function compiled(policy: Policy): Compiled {
  return { policy, decide: compilePolicy(policy), bytes: Buffer.byteLength(JSON.stringify(policy)) };
}

const DEFAULT = compiled(DEFAULT_POLICY);

/** A workspace's policy of one version, compiled (cached: versions are immutable). */
export async function policyOfVersion(db: Db, workspaceId: string, version: number): Promise<Compiled> {
  if (version === 1) return DEFAULT;
  const key = `${workspaceId}:${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const row = await db.decisionPolicy.findUnique({ where: { workspaceId_version: { workspaceId, version } } });
  if (!row) throw new Error(`policy version ${version} of ${workspaceId} is missing`);
  const c = compiled(row.policy as unknown as Policy);
  for (const [oldest, old] of cache) {
    if (cachedBytes + c.bytes <= CACHE_MAX_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.bytes;
  }
  cache.set(key, c);
  cachedBytes += c.bytes;
  return c;
}

/** SQL for the version in force (1 when none was published), for statements that read it with other things. */
export function versionInForceSql(workspaceId: string): Prisma.Sql {
  return Prisma.sql`(SELECT COALESCE(max(version), 1) FROM decision_policies WHERE workspace_id = ${workspaceId})`;
}

async function defaultVersion(db: Db, workspaceId: string): Promise<PolicyVersion> {
  const ws = await db.workspace.findUnique({ where: { id: workspaceId }, select: { createdAt: true } });
  if (!ws) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  return { version: 1, policy: DEFAULT_POLICY, created_at: ws.createdAt.toISOString(), created_by: "default" };
}

const toVersion = (r: { version: number; policy: Prisma.JsonValue; createdAt: Date; createdBy: string }): PolicyVersion => ({
  version: r.version,
  policy: r.policy as unknown as Policy,
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
});

/** The version in force. */
export async function currentPolicy(db: Db, workspaceId: string): Promise<PolicyVersion> {
  const row = await db.decisionPolicy.findFirst({ where: { workspaceId }, orderBy: { version: "desc" } });
  return row ? toVersion(row) : defaultVersion(db, workspaceId);
}

export const HISTORY_PAGE_DEFAULT = 10;
export const HISTORY_PAGE_MAX = 50;

export interface PolicyHistoryPage {
  /** Newest first; version 1, the default, ends the last page. */
  versions: PolicyVersion[];
  /** The `cursor` of the next page (the last version listed), or null after version 1. */
  next_cursor: number | null;
}

/** A page of the versions, newest first: those before `cursor` (a version number), `limit` of them. */
export async function policyHistory(db: Db, workspaceId: string, page: { cursor?: number | null; limit?: number } = {}): Promise<PolicyHistoryPage> {
  const limit = page.limit ?? HISTORY_PAGE_DEFAULT;
  const before = page.cursor ?? null;
  const rows = await db.decisionPolicy.findMany({
    where: { workspaceId, ...(before === null ? {} : { version: { lt: before } }) },
    orderBy: { version: "desc" },
    take: limit,
  });
  const versions = rows.map(toVersion);
  // Version 1 is not stored: it follows the oldest stored one, on whichever page has room for it.
  if (versions.length < limit && (before === null || before > 1)) versions.push(await defaultVersion(db, workspaceId));
  const last = versions.at(-1);
  return { versions, next_cursor: versions.length === limit && last && last.version > 1 ? last.version : null };
}

/** New versions a workspace may publish in one UTC day (docs/decisions.md): each is stored for good. */
export const MAX_POLICY_VERSIONS_PER_DAY = 100;

/**
 * Publishes the next version; a broken policy is refused (400 `invalid_policy`) and the old one stays
 * in force. Two publishes at once: the primary key lets one take each number, the loser tries again,
 * and so counts the winner's row: the daily cap cannot be passed by publishing at once.
 */
export async function publishPolicy(db: Db, workspaceId: string, input: unknown, createdBy: string): Promise<PolicyVersion> {
  const policy = parsePolicy(input);
  await defaultVersion(db, workspaceId);
  const at = now();
  const dayStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db.$queryRaw<{ version: number; policy: Prisma.JsonValue; createdAt: Date; createdBy: string }[]>`
        INSERT INTO decision_policies (workspace_id, version, policy, created_by, created_at)
        SELECT ${workspaceId}, ${versionInForceSql(workspaceId)} + 1, ${JSON.stringify(policy)}::jsonb, ${createdBy}, ${at}
        WHERE (SELECT count(*) FROM decision_policies WHERE workspace_id = ${workspaceId} AND created_at >= ${dayStart}) < ${MAX_POLICY_VERSIONS_PER_DAY}
        RETURNING version, policy, created_at AS "createdAt", created_by AS "createdBy"`;
      if (!row) {
        throw new DakiyaError(
          "limit_reached",
          `This workspace has published ${MAX_POLICY_VERSIONS_PER_DAY} policy versions today (UTC), the most a day allows; publish again after midnight UTC.`,
        );
      }
      return toVersion(row);
    } catch (err) {
      const unique = err instanceof Prisma.PrismaClientKnownRequestError && (err.code === "P2002" || err.code === "P2010") && /unique|duplicate/i.test(err.message);
      if (!unique || attempt >= 3) throw err;
    }
  }
}

export interface OutcomeCosts {
  returned_shipped_rupees: number;
  held_delivered_rupees: number;
}

/** The preview's two workspace settings (whole rupees). */
export async function outcomeCosts(db: Db, workspaceId: string): Promise<OutcomeCosts> {
  const ws = await db.workspace.findUnique({ where: { id: workspaceId }, select: { returnedParcelCostRupees: true, heldParcelCostRupees: true } });
  if (!ws) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  return { returned_shipped_rupees: ws.returnedParcelCostRupees, held_delivered_rupees: ws.heldParcelCostRupees };
}

export async function setOutcomeCosts(db: Db, workspaceId: string, costs: OutcomeCosts): Promise<OutcomeCosts> {
  const details = (["returned_shipped_rupees", "held_delivered_rupees"] as const).flatMap((k) =>
    Number.isInteger(costs[k]) && costs[k] >= 0 && costs[k] <= OUTCOME_COST_MAX_RUPEES ? [] : [{ path: k, message: `must be a whole number of rupees from 0 to ${OUTCOME_COST_MAX_RUPEES}` }],
  );
  if (details.length) throw new DakiyaError("invalid_request", `Invalid request: ${details[0]!.path}: ${details[0]!.message}`, { details });
  const ws = await db.workspace.update({
    where: { id: workspaceId },
    data: { returnedParcelCostRupees: costs.returned_shipped_rupees, heldParcelCostRupees: costs.held_delivered_rupees },
    select: { returnedParcelCostRupees: true, heldParcelCostRupees: true },
  });
  return { returned_shipped_rupees: ws.returnedParcelCostRupees, held_delivered_rupees: ws.heldParcelCostRupees };
}
