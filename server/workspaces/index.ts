import type { Db } from "../db";
import { DakiyaError } from "../errors";
import { newId } from "../ids";
import { createKey, plansChanged } from "../keys";
import { addMember, prepareMember } from "../members";

/** The exact shape `dakiya workspace create --json` prints (the contract's). */
export interface CreatedWorkspace {
  workspace_id: string;
  plan: string;
  test_key: string;
  live_key: string;
  console: { email: string; password: string };
}

async function requirePlan(db: Db, planId: string) {
  const plan = await db.plan.findUnique({ where: { id: planId } });
  if (!plan) {
    const known = (await db.plan.findMany({ select: { id: true }, orderBy: { includedTenths: "asc" } })).map((p) => p.id);
    throw new DakiyaError("invalid_request", `Unknown plan "${planId}"; known plans: ${known.join(", ")}.`);
  }
  return plan;
}

/** A workspace with one test key, one live key and an owner console account, all or nothing. */
export async function createWorkspace(db: Db, input: { name: string; planId: string; ownerEmail?: string }): Promise<CreatedWorkspace> {
  const name = input.name.trim();
  if (!name) throw new DakiyaError("invalid_request", "The workspace needs a name.");
  await requirePlan(db, input.planId);
  const workspaceId = newId("ws");
  const ownerEmail = input.ownerEmail ?? `owner+${workspaceId.slice(3).toLowerCase()}@dakiya.local`;
  const ownerAccount = await prepareMember({ workspaceId, email: ownerEmail, role: "owner" });
  return db.$transaction(async (tx) => {
    await tx.workspace.create({ data: { id: workspaceId, name, planId: input.planId } });
    const testKey = await createKey(tx, workspaceId, "test", "Default test key");
    const liveKey = await createKey(tx, workspaceId, "live", "Default live key");
    const owner = await addMember(tx, ownerAccount);
    return {
      workspace_id: workspaceId,
      plan: input.planId,
      test_key: testKey.secret,
      live_key: liveKey.secret,
      console: { email: owner.email, password: owner.password },
    };
  });
}

export async function setPlan(db: Db, workspaceId: string, planId: string) {
  await requirePlan(db, planId);
  const found = await db.workspace.findUnique({ where: { id: workspaceId } });
  if (!found) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  const updated = await db.workspace.update({ where: { id: workspaceId }, data: { planId } });
  await plansChanged(db);
  return updated;
}

export async function requireWorkspace(db: Db, workspaceId: string) {
  const found = await db.workspace.findUnique({ where: { id: workspaceId }, include: { plan: true } });
  if (!found) throw new DakiyaError("not_found", `No workspace ${workspaceId}.`);
  return found;
}

export interface PlanInput {
  id: string;
  includedUnits: number;
  batchCap: number;
  overagePaisePerUnit: number | null;
  /** null: no limit. */
  testNormalizePerMinute: number | null;
  testPerMinute: number | null;
  livePerMinute: number | null;
}

/** Creates or updates a plan (operators use it for internal plans such as `bench`). */
export async function upsertPlan(db: Db, p: PlanInput) {
  if (!/^[a-z][a-z0-9_-]{1,31}$/.test(p.id)) throw new DakiyaError("invalid_request", `Plan ids are 2–32 lowercase letters, digits, - and _: "${p.id}".`);
  if (!Number.isFinite(p.includedUnits) || p.includedUnits < 0) throw new DakiyaError("invalid_request", "--included must be a number of units ≥ 0.");
  if (!Number.isInteger(p.batchCap) || p.batchCap < 1 || p.batchCap > 1000) throw new DakiyaError("invalid_request", "--batch-cap must be an integer from 1 to 1000.");
  const data = {
    includedTenths: Math.round(p.includedUnits * 10),
    batchCap: p.batchCap,
    overagePaisePerUnit: p.overagePaisePerUnit,
    testNormalizePerMinute: p.testNormalizePerMinute,
    testPerMinute: p.testPerMinute,
    livePerMinute: p.livePerMinute,
  };
  const plan = await db.plan.upsert({ where: { id: p.id }, create: { id: p.id, ...data }, update: data });
  await plansChanged(db);
  return plan;
}

/** What `dakiya workspace list --json` prints for each workspace, oldest first. */
export interface WorkspaceSummary {
  workspace_id: string;
  name: string;
  plan: string;
  created_at: string;
  members: number;
  active_keys: number;
}

export async function listWorkspaces(db: Db): Promise<WorkspaceSummary[]> {
  const rows = await db.workspace.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, planId: true, createdAt: true, _count: { select: { members: true, keys: { where: { revokedAt: null } } } } },
  });
  return rows.map((w) => ({
    workspace_id: w.id,
    name: w.name,
    plan: w.planId,
    created_at: w.createdAt.toISOString(),
    members: w._count.members,
    active_keys: w._count.keys,
  }));
}
