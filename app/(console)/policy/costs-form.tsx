"use client";

import { useState } from "react";
import { OUTCOME_COST_MAX_RUPEES } from "~/lib/shared";
import { ErrorNote } from "../_lib/errors";
import { api, useMe, type Outputs } from "../_lib/trpc";
import { button, Card, input, label } from "../_lib/ui";

const FIELDS = [
  { key: "returned_shipped_rupees", name: "A returned parcel", hint: "what a parcel shipped and returned costs you: both freights, packing, the stock held up" },
  { key: "held_delivered_rupees", name: "A held parcel", hint: "what holding a parcel that would have been delivered costs you: a call, a delay, a lost order" },
] as const;

/**
 * The preview's two cost settings, in whole rupees (docs/decision-policy.md): owners and admins save
 * them, viewers read them. The preview's rupee figures use the costs saved when it runs.
 */
export function CostsForm({ initial }: { initial: Outputs["console"]["outcomeCosts"] }) {
  const canEdit = useMe().role !== "viewer";
  const utils = api.useUtils();
  const saved = api.console.outcomeCosts.useQuery(undefined, { initialData: initial }).data;
  const [draft, setDraft] = useState(() => ({ returned_shipped_rupees: String(initial.returned_shipped_rupees), held_delivered_rupees: String(initial.held_delivered_rupees) }));
  const save = api.console.setOutcomeCosts.useMutation({ onSuccess: () => utils.console.outcomeCosts.invalidate() });

  return (
    <Card title="What a wrong decision costs">
      <form
        aria-label="Costs"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ returned_shipped_rupees: Number(draft.returned_shipped_rupees), held_delivered_rupees: Number(draft.held_delivered_rupees) });
        }}
      >
        <p className="text-sm text-slate-800">The preview prices each policy with these: returned parcels it ships, and delivered parcels it holds.</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <div key={f.key}>
              <label htmlFor={`cost-${f.key}`} className={label}>
                {f.name} (₹)
              </label>
              <input
                id={`cost-${f.key}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={OUTCOME_COST_MAX_RUPEES}
                step={1}
                required
                disabled={!canEdit}
                className={`${input} mt-1 max-w-40`}
                value={draft[f.key]}
                aria-describedby={`cost-${f.key}-hint`}
                onChange={(e) => {
                  const value = e.target.value;
                  setDraft((d) => ({ ...d, [f.key]: value }));
                }}
              />
              <p id={`cost-${f.key}-hint`} className="mt-1 text-xs text-slate-700">
                {f.hint}
              </p>
            </div>
          ))}
        </div>
        {canEdit && (
          <button type="submit" className={button.primary} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save costs"}
          </button>
        )}
        <div role="status" className="text-sm font-medium text-green-900">
          {save.isSuccess && `Saved: ₹${saved.returned_shipped_rupees} a returned parcel, ₹${saved.held_delivered_rupees} a held one. Preview again to price a policy with them.`}
        </div>
        {save.error && <ErrorNote error={save.error} action="Could not save the costs" />}
      </form>
    </Card>
  );
}
