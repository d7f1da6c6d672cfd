import { beforeAll } from "vitest";
import { reloadConfig } from "../server/config";
import { db } from "../server/db";
import { resetProvider } from "../server/provider";
import { createWorkspace, upsertPlan, type CreatedWorkspace } from "../server/workspaces";
import { billingPeriod } from "../server/quota";

/** Points this process's provider at a simulator (`settings`: more of the environment, e.g. WEBHOOK_ALLOW_PRIVATE_NETWORKS) and reloads the config. */
export function useProvider(url: string, settings: Record<string, string> = {}): void {
  Object.assign(process.env, { DAKIYA_PROVIDER: "simulator", PROVIDER_BASE_URL: url, ...settings });
  reloadConfig();
  resetProvider();
}

export async function newWorkspace(plan = "starter") {
  return createWorkspace(db(), { name: `Test ${Math.random().toString(36).slice(2, 8)}`, planId: plan });
}

/**
 * A new workspace made in a beforeAll of this file. The object is filled in there, so its fields are
 * read inside hooks and tests; the plan must exist by then (a beforeAll registered earlier).
 */
export function useWorkspace(plan = "starter"): CreatedWorkspace {
  const ws = {} as CreatedWorkspace;
  beforeAll(async () => {
    Object.assign(ws, await newWorkspace(plan));
  });
  return ws;
}

/** The session cookie a sign-in's answer sets, as a browser would send it back. */
export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A plan without rate limits, for tests that fire many requests. */
export async function unlimitedPlan(id: string, includedUnits: number, overagePaise: number | null) {
  return upsertPlan(db(), { id, includedUnits, batchCap: 1000, overagePaisePerUnit: overagePaise, testNormalizePerMinute: null, testPerMinute: null, livePerMinute: null });
}

/** Sets this period's usage directly, in tenths. */
export async function setUsedTenths(workspaceId: string, usedTenths: number) {
  const period = billingPeriod();
  await db().usagePeriod.upsert({
    where: { workspaceId_period: { workspaceId, period } },
    create: { workspaceId, period, usedTenths },
    update: { usedTenths },
  });
}

export interface Api {
  (method: string, path: string, init?: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
}

export function apiClient(baseUrl: string): Api {
  return async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers.authorization = `Bearer ${init.key}`;
    let body: string | undefined;
    if (init.raw !== undefined) body = init.raw;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
}
