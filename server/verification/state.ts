import { createHash } from "node:crypto";
import { Prisma } from "../generated/prisma/client";
import { versionInForceSql } from "../policy";
import { isDue } from "../outcomes/probability";
import { emptyHistory, type History } from "./decide";
import type { OutcomeKind } from "../../lib/words";

/**
 * What a live verify decides by besides the address: the workspace's policy version in force, its
 * delivery curve, and the address's history. This process keeps what its last statement saw of them,
 * so a verify needs no read beside its provider call. Exactness does not rest on the cache: the write
 * records the verification only if what it was decided by is still what the database holds at that
 * statement (policy version, curve, history), and otherwise answers what it holds now, so the
 * verification is decided again and written again (docs/performance.md, "Third round"). A policy
 * published or an outcome reported on any instance therefore applies to the next verify on every
 * instance, with no notification to lose; a change costs one more statement, once per instance.
 */
export interface WorkspaceState {
  policyVersion: number;
  /** The curve as stored (`probabilities` as text), null when the workspace has none yet. */
  curveText: string | null;
  curveStale: boolean;
  curveComputedAt: Date | null;
}

/** The learnt curve of a state (null: none yet, the prior applies). */
export function curveOf(state: Pick<WorkspaceState, "curveText">): number[] | null {
  if (state.curveText === null) return null;
  const curve = JSON.parse(state.curveText) as number[];
  return curve.length ? curve : null;
}

/** Whether the state's curve is due for a refresh (server/outcomes/probability.ts). */
export function curveDue(state: WorkspaceState): boolean {
  return state.curveComputedAt !== null && isDue(state.curveStale, state.curveComputedAt);
}

/** Bounds: a workspace's state is a few numbers; a history is kept only when it is not empty. */
const MAX_WORKSPACES = 10_000;
const MAX_HISTORIES = 50_000;
const states = new Map<string, WorkspaceState>();
/** Keyed by a hash of workspace and address key: the cache holds no address text. */
const histories = new Map<string, History>();

/** The cache's key for an address's history in a workspace. */
export function historyKey(workspaceId: string, addressKey: string): string {
  return createHash("sha256").update(workspaceId).update("\0").update(addressKey).digest("base64");
}

function bounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** What this process last saw for the workspace and an address (`historyKey`), or null when it has not seen the workspace. */
export function knownState(workspaceId: string, key: string): { state: WorkspaceState; history: History } | null {
  const state = states.get(workspaceId);
  if (!state) return null;
  return { state, history: histories.get(key) ?? emptyHistory() };
}

export function remember(workspaceId: string, key: string, state: WorkspaceState, history: History): void {
  bounded(states, workspaceId, state, MAX_WORKSPACES);
  if (Object.values(history).some((n) => n > 0)) bounded(histories, key, history, MAX_HISTORIES);
  else histories.delete(key);
}

/** A history as the write compares it: only the outcomes reported (jsonb equality ignores key order). */
export function historyJson(history: History): string {
  return JSON.stringify(Object.fromEntries(Object.entries(history).filter(([, n]) => n > 0)));
}

export function historyFromJson(text: string): History {
  const history = emptyHistory();
  for (const [kind, n] of Object.entries(JSON.parse(text) as Record<string, number>)) history[kind as OutcomeKind] = n;
  return history;
}

/**
 * A CTE `name` of one row: the state the database holds now for the workspace and the address (its
 * history as `historyJson` writes it, counting the same outcomes readContext counts for a live verify).
 */
export function stateNowCte(name: string, workspaceId: string, addressKey: string): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(name)} AS (
    SELECT ${versionInForceSql(workspaceId)} AS policy_version, c.probabilities AS curve, c.stale AS curve_stale, c.computed_at AS curve_computed_at,
      (SELECT coalesce(jsonb_object_agg(h.outcome, h.n), '{}'::jsonb) FROM (
        SELECT o.outcome::text AS outcome, count(*)::int AS n
        FROM outcomes o JOIN verifications v ON v.id = o.verification_id
        WHERE o.workspace_id = ${workspaceId} AND o.address_key = ${addressKey} AND NOT v.synthetic GROUP BY 1) h) AS history
    FROM (SELECT 1) one LEFT JOIN delivery_curves c ON c.workspace_id = ${workspaceId})`;
}

/** SQL that holds when CTE `name` (stateNowCte) is what a verification was decided by. */
export function stateMatchesSql(name: string, decidedBy: { policyVersion: number; curveText: string | null; history: History }): Prisma.Sql {
  const s = Prisma.raw(name);
  return Prisma.sql`(SELECT ${s}.policy_version = ${decidedBy.policyVersion}::int AND ${s}.curve IS NOT DISTINCT FROM ${decidedBy.curveText}::jsonb
    AND ${s}.history = ${historyJson(decidedBy.history)}::jsonb FROM ${s})`;
}

/** The columns a statement returns from CTE `name` for `stateFromRow`. */
export function stateColumnsSql(name: string): Prisma.Sql {
  const s = Prisma.raw(name);
  return Prisma.sql`${s}.policy_version, ${s}.curve::text AS curve, ${s}.curve_stale, ${s}.curve_computed_at, ${s}.history::text AS history`;
}

export interface StateRow {
  policy_version: number;
  curve: string | null;
  curve_stale: boolean | null;
  curve_computed_at: Date | null;
  history: string;
}

export function stateFromRow(row: StateRow): { state: WorkspaceState; history: History } {
  return {
    state: { policyVersion: row.policy_version, curveText: row.curve, curveStale: row.curve_stale === true, curveComputedAt: row.curve_computed_at ? new Date(row.curve_computed_at) : null },
    history: historyFromJson(row.history),
  };
}
