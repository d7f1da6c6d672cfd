"use client";

import type { PolicyVersion } from "~/server/policy/schema";
import { formatDateTime } from "../_lib/format";
import { Badge, button, Card } from "../_lib/ui";
import { ruleSentence, thresholdsSentence } from "./words";

/** Every version of the policy, newest first: who published it and when, and its rules in words. */
export function PolicyHistory({ versions, canEdit, onEdit }: { versions: PolicyVersion[]; canEdit: boolean; onEdit: (v: PolicyVersion) => void }) {
  return (
    <Card title="Version history">
      <ol className="divide-y divide-slate-200" data-testid="policy-history">
        {versions.map((v, i) => (
          <li key={v.version} className="py-3" data-version={v.version}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-900">
                <span className="font-semibold">Version {v.version}</span> · {formatDateTime(v.created_at)} · by{" "}
                <span className="font-medium" data-testid="created-by">
                  {v.created_by}
                </span>{" "}
                {i === 0 && <Badge tone="green">In force</Badge>}
              </p>
              {canEdit && (
                <button type="button" className={button.secondary} aria-label={`Copy into the form: version ${v.version}`} onClick={() => onEdit(v)}>
                  Copy into the form
                </button>
              )}
            </div>
            <details className="mt-1 text-sm">
              <summary className="cursor-pointer text-blue-800">
                {v.policy.rules.length === 0 ? "No rules" : v.policy.rules.length === 1 ? "1 rule" : `${v.policy.rules.length} rules`}; SHIP from {v.policy.ship_min_score}, HOLD up to{" "}
                {v.policy.hold_max_score}
              </summary>
              <ol className="mt-1 list-decimal space-y-0.5 pl-6 text-slate-800">
                {v.policy.rules.map((r, n) => (
                  <li key={n}>{ruleSentence(r)}</li>
                ))}
              </ol>
              <p className="mt-1 text-slate-800">{thresholdsSentence(v.policy)}</p>
            </details>
          </li>
        ))}
      </ol>
    </Card>
  );
}
