"use client";

import { useId, useState } from "react";
import { POLICY_CONDITIONS, POLICY_MAX_RULES } from "~/lib/shared";
import { DECISIONS, PAYMENT_METHODS, VALIDATION_LEVELS, type Decision } from "~/lib/words";
import { REASONS } from "~/lib/reasons";
import { describeError, ErrorNote } from "../_lib/errors";
import { api, useMe } from "../_lib/trpc";
import { button, Card, input, label, ViewerNote } from "../_lib/ui";
import { draftOf, isNumeric, newCondition, newRule, policyOf, type ConditionName, type Draft, type DraftRule, type PolicyHistoryPage, type PolicyVersion } from "./draft";
import { PolicyHistory } from "./history";
import { PreviewResult } from "./preview-result";
import { CONDITION_WORDS, DECISION_MEANING, LEVEL_WORDS, PAYMENT_WORDS } from "./words";

interface Problem {
  path: string;
  message: string;
}

/** The problems of a failed preview or publish when the server named them (`invalid_policy`); null for any other failure. */
function problemsOf(error: unknown): Problem[] | null {
  const info = describeError(error);
  if (info.code !== "invalid_policy") return null;
  const details = (error as { data?: { api?: { details?: Problem[] } } }).data?.api?.details;
  return details?.length ? details : [{ path: "", message: info.message }];
}

/** The problems at a field: its own path and anything inside it (`rules.2.if.pincodes` takes `rules.2.if.pincodes.7`). */
function at(problems: Problem[], path: string): Problem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`));
}

/** Where a problem's path is in the form, to link the summary to it. */
function fieldIdOf(draft: Draft, path: string): string {
  const [head, index, part, name] = path.split(".");
  if (head === "ship_min_score" || head === "hold_max_score") return `policy-${head}`;
  const rule = head === "rules" && index !== undefined ? draft.rules[Number(index)] : undefined;
  if (!rule) return "policy-rules";
  if (part === "then") return `rule-${rule.key}-then`;
  if (part === "if" && name && rule.conditions.some((c) => c.name === name)) return `rule-${rule.key}-${name}`;
  return `rule-${rule.key}`;
}

function FieldProblems({ id, problems }: { id: string; problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm font-medium text-red-800" data-testid="field-problem">
      {problems.map((p) => (
        <li key={`${p.path}:${p.message}`}>
          <span aria-hidden="true">✕ </span>
          {p.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Policy page: the rules and thresholds as a form, a preview of the draft against the workspace's
 * past verifications, Publish once the preview shows the draft as it stands, and the versions so far.
 * Viewers see the policy in force read-only.
 */
export function PolicyEditor({ initial, history }: { initial: PolicyVersion; history: PolicyHistoryPage }) {
  const me = useMe();
  const canPublish = me.role !== "viewer";
  const utils = api.useUtils();
  const inForce = api.policy.get.useQuery(undefined, { initialData: initial }).data;
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial.policy));
  const [days, setDays] = useState("90");
  const [problems, setProblems] = useState<Problem[]>([]);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const summaryId = useId();

  const preview = api.policy.preview.useMutation({
    onMutate: () => setPublished(null),
    onSuccess: (_, input) => {
      setProblems([]);
      setPreviewed(JSON.stringify(input.policy));
    },
    onError: (error) => setProblems(problemsOf(error) ?? []),
  });
  const publish = api.console.publishPolicy.useMutation({
    onSuccess: async (v) => {
      setProblems([]);
      setPublished(v.version);
      setDraft(draftOf(v.policy));
      setPreviewed(null);
      preview.reset();
      await Promise.all([utils.policy.get.invalidate(), utils.console.policyHistory.invalidate()]);
    },
    onError: (error) => setProblems(problemsOf(error) ?? []),
  });

  const proposed = policyOf(draft);
  const fresh = preview.data !== undefined && previewed === JSON.stringify(proposed);
  const updateRule = (key: number, change: (r: DraftRule) => DraftRule) => setDraft((d) => ({ ...d, rules: d.rules.map((r) => (r.key === key ? change(r) : r)) }));
  // Moving or removing rules renumbers them: problems found before point at the old numbers.
  const restructure = (change: (rules: DraftRule[]) => DraftRule[]) => {
    setProblems([]);
    setDraft((d) => ({ ...d, rules: change(d.rules) }));
  };

  const threshold = (name: "ship_min_score" | "hold_max_score", text: string, hint: string) => {
    const id = `policy-${name}`;
    const mine = at(problems, name);
    return (
      <div>
        <label htmlFor={id} className={label}>
          {text}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`${input} mt-1 max-w-32`}
          value={draft[name]}
          aria-invalid={mine.length > 0 || undefined}
          aria-describedby={`${id}-hint${mine.length ? ` ${id}-problems` : ""}`}
          onChange={(e) => {
            const value = e.target.value;
            setDraft((d) => ({ ...d, [name]: value }));
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
        <FieldProblems id={`${id}-problems`} problems={mine} />
      </div>
    );
  };

  return (
    <div className="space-y-4">
      {canPublish ? null : <ViewerNote>Viewers see the policy in force and its history; owners and admins change and publish it.</ViewerNote>}
      <form
        aria-label="Decision policy"
        onSubmit={(e) => {
          e.preventDefault();
          preview.mutate({ policy: proposed, days: Number(days) });
        }}
        className="space-y-4"
      >
        {problems.length > 0 && (
          <div role="alert" aria-labelledby={summaryId} className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="policy-problems">
            <p id={summaryId} className="font-semibold">
              The policy was not accepted: {problems.length === 1 ? "1 problem" : `${problems.length} problems`}. Nothing changed; the policy in force stays.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={`${p.path}:${p.message}`}>
                  <a href={`#${fieldIdOf(draft, p.path)}`} className="underline">
                    {p.path ? <code>{p.path}</code> : "Policy"}
                  </a>
                  : {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset disabled={!canPublish} className="space-y-4">
          <Card title="Thresholds">
            <p className="mb-3 text-sm text-slate-700">
              When no rule applies, the score decides. SHIP still needs the address confirmed to the building, and an address that is junk text or has an unknown pincode is never SHIP,
              whatever the policy says.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {threshold("ship_min_score", "SHIP at a score of at least", "0–101 (101: never SHIP by score).")}
              {threshold("hold_max_score", "HOLD at a score of at most", "−1 to 100, below the SHIP score (−1: never HOLD by score). Between the two: REVIEW.")}
            </div>
          </Card>
          <Card title="Rules">
            <p id="policy-rules" tabIndex={-1} className="mb-3 text-sm text-slate-700">
              Tried in order: the first rule whose conditions all hold decides, before the thresholds. {draft.rules.length} of {POLICY_MAX_RULES} rules.
            </p>
            <FieldProblems id="policy-rules-problems" problems={problems.filter((p) => p.path === "rules")} />
            {draft.rules.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">No rules: the thresholds decide every address.</p>
            ) : (
              <ol className="space-y-3">
                {draft.rules.map((rule, i) => (
                  <RuleEditor
                    key={rule.key}
                    rule={rule}
                    index={i}
                    count={draft.rules.length}
                    problems={at(problems, `rules.${i}`)}
                    onChange={(change) => updateRule(rule.key, change)}
                    onMove={(by) =>
                      restructure((rules) => {
                        const next = [...rules];
                        next.splice(i, 1);
                        next.splice(i + by, 0, rule);
                        return next;
                      })
                    }
                    onRemove={() => restructure((rules) => rules.filter((r) => r.key !== rule.key))}
                  />
                ))}
              </ol>
            )}
            {canPublish && (
              <button
                type="button"
                className={`${button.secondary} mt-3`}
                disabled={draft.rules.length >= POLICY_MAX_RULES}
                onClick={() => restructure((rules) => [...rules, newRule(rules)])}
              >
                Add rule
              </button>
            )}
          </Card>
        </fieldset>
        {canPublish && (
          <Card title="Preview and publish">
            <p className="mb-3 text-sm text-slate-700">
              The preview decides this workspace&apos;s past live verifications again under the form&apos;s policy, from what was stored with them: no provider call, no charge, nothing
              changed. Publish once the preview shows the policy as it stands.
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="preview-days" className={label}>
                  Over the last (days)
                </label>
                <input id="preview-days" type="number" inputMode="numeric" min={1} max={365} className={`${input} mt-1 w-28`} value={days} onChange={(e) => setDays(e.target.value)} />
              </div>
              <button type="submit" className={button.primary} disabled={preview.isPending}>
                {preview.isPending ? "Previewing…" : "Preview"}
              </button>
              <button type="button" className={button.primary} disabled={!fresh || publish.isPending} aria-describedby="publish-hint" onClick={() => publish.mutate({ policy: proposed })}>
                {publish.isPending ? "Publishing…" : `Publish as version ${inForce.version + 1}`}
              </button>
            </div>
            <p id="publish-hint" className="mt-2 text-sm text-slate-700">
              {fresh
                ? "Publishing makes this policy decide every new verification and batch; earlier ones keep the version that decided them."
                : preview.data
                  ? "The form changed since the preview: preview again before publishing."
                  : "Preview the policy before publishing it."}
            </p>
            <div role="status" className="mt-2 text-sm font-medium text-green-900">
              {published !== null && `Version ${published} published: it decides from now on.`}
              {preview.data && fresh && !published && `Preview ready: ${changed(preview.data.matrix)} of ${preview.data.verifications} decisions would change.`}
            </div>
            {preview.error && !problemsOf(preview.error) && <ErrorNote error={preview.error} action="Could not preview the policy" />}
            {publish.error && !problemsOf(publish.error) && <ErrorNote error={publish.error} action="Could not publish the policy" />}
            {preview.data && <PreviewResult data={preview.data} stale={!fresh} currentVersion={inForce.version} />}
          </Card>
        )}
      </form>
      <PolicyHistory
        first={history}
        canEdit={canPublish}
        onEdit={(v) => {
          setProblems([]);
          setDraft(draftOf(v.policy));
        }}
      />
    </div>
  );
}

function changed(matrix: Record<Decision, Record<Decision, number>>): number {
  return DECISIONS.reduce((sum, from) => sum + DECISIONS.reduce((s, to) => s + (from === to ? 0 : matrix[from][to]), 0), 0);
}

function RuleEditor(props: {
  rule: DraftRule;
  index: number;
  count: number;
  problems: Problem[];
  onChange: (change: (r: DraftRule) => DraftRule) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { rule, index, problems } = props;
  const n = index + 1;
  const unused = POLICY_CONDITIONS.filter((name) => !rule.conditions.some((c) => c.name === name));
  const [adding, setAdding] = useState<ConditionName>(unused[0] ?? "reasons");
  const toAdd = unused.includes(adding) ? adding : unused[0];
  const own = problems.filter((p) => p.path === `rules.${index}` || p.path === `rules.${index}.if`);
  const then = `rule-${rule.key}-then`;
  return (
    <li>
      <fieldset id={`rule-${rule.key}`} tabIndex={-1} className="rounded-md border border-slate-300 p-3" data-rule={n}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Rule {n}</legend>
        <FieldProblems id={`rule-${rule.key}-problems`} problems={own} />
        {rule.conditions.length === 0 ? (
          <p className="text-sm text-slate-700">No condition yet: add one below (a rule needs at least one).</p>
        ) : (
          <ul className="space-y-3">
            {rule.conditions.map((c) => (
              <ConditionEditor
                key={c.name}
                ruleKey={rule.key}
                ruleNumber={n}
                condition={c}
                problems={at(problems, `rules.${index}.if.${c.name}`)}
                onChange={(next) => props.onChange((r) => ({ ...r, conditions: r.conditions.map((x) => (x.name === c.name ? next : x)) }))}
                onRemove={() => props.onChange((r) => ({ ...r, conditions: r.conditions.filter((x) => x.name !== c.name) }))}
              />
            ))}
          </ul>
        )}
        {toAdd && (
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`rule-${rule.key}-add`} className={label}>
                Condition to add to rule {n}
              </label>
              <select id={`rule-${rule.key}-add`} className={`${input} mt-1`} value={toAdd} onChange={(e) => setAdding(e.target.value as ConditionName)}>
                {unused.map((name) => (
                  <option key={name} value={name}>
                    {CONDITION_WORDS[name].label}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className={button.secondary} onClick={() => props.onChange((r) => ({ ...r, conditions: [...r.conditions, newCondition(toAdd)] }))}>
              Add condition
            </button>
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-3">
          <div>
            <label htmlFor={then} className={label}>
              Then decide
            </label>
            <select id={then} className={`${input} mt-1`} value={rule.then} onChange={(e) => props.onChange((r) => ({ ...r, then: e.target.value as Decision }))}>
              {DECISIONS.map((d) => (
                <option key={d} value={d}>
                  {d} ({DECISION_MEANING[d]})
                </option>
              ))}
            </select>
            <FieldProblems id={`${then}-problems`} problems={at(problems, `rules.${index}.then`)} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={button.secondary} aria-label={`Move rule ${n} up`} disabled={index === 0} onClick={() => props.onMove(-1)}>
              ↑ Up
            </button>
            <button type="button" className={button.secondary} aria-label={`Move rule ${n} down`} disabled={index === props.count - 1} onClick={() => props.onMove(1)}>
              ↓ Down
            </button>
            <button type="button" className={button.danger} aria-label={`Remove rule ${n}`} onClick={props.onRemove}>
              Remove
            </button>
          </div>
        </div>
      </fieldset>
    </li>
  );
}

function ConditionEditor(props: {
  ruleKey: number;
  ruleNumber: number;
  condition: DraftRule["conditions"][number];
  problems: Problem[];
  onChange: (next: DraftRule["conditions"][number]) => void;
  onRemove: () => void;
}) {
  const { condition: c, problems } = props;
  const id = `rule-${props.ruleKey}-${c.name}`;
  const words = CONDITION_WORDS[c.name];
  const describedBy = `${id}-hint${problems.length ? ` ${id}-problems` : ""}`;
  const invalid = problems.length > 0 || undefined;
  const text = (value: string) => props.onChange({ ...c, text: value });

  let field: React.ReactNode;
  if (c.name === "reasons") {
    field = (
      <fieldset id={id} tabIndex={-1} aria-describedby={describedBy} aria-invalid={invalid}>
        <legend className={label}>{words.label}</legend>
        <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {Object.entries(REASONS).map(([code, message]) => (
            <label key={code} className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="mt-1"
                checked={c.codes.includes(code)}
                onChange={(e) => props.onChange({ ...c, codes: e.target.checked ? [...c.codes, code] : c.codes.filter((x) => x !== code) })}
              />
              <span>
                <code className="text-xs">{code}</code> <span className="text-slate-700">{message}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else {
    const control =
      c.name === "payment_method" ? (
        <select id={id} className={`${input} mt-1`} value={c.text} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => text(e.target.value)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_WORDS[m]} ({m})
            </option>
          ))}
        </select>
      ) : c.name === "validation_below" ? (
        <select id={id} className={`${input} mt-1`} value={c.text} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => text(e.target.value)}>
          {VALIDATION_LEVELS.filter((l) => l !== "none").map((l) => (
            <option key={l} value={l}>
              {LEVEL_WORDS[l]} ({l})
            </option>
          ))}
        </select>
      ) : isNumeric(c.name) ? (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`${input} mt-1 max-w-40`}
          value={c.text}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => text(e.target.value)}
        />
      ) : (
        <textarea id={id} rows={2} className={`${input} mt-1`} value={c.text} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => text(e.target.value)} />
      );
    field = (
      <>
        <label htmlFor={id} className={label}>
          {words.label}
        </label>
        {control}
      </>
    );
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-slate-50 p-2" data-condition={c.name}>
      <div className="min-w-0 flex-1">
        {field}
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {words.hint}
        </p>
        <FieldProblems id={`${id}-problems`} problems={problems} />
      </div>
      <button type="button" className={button.secondary} aria-label={`Remove the condition “${words.label}” from rule ${props.ruleNumber}`} onClick={props.onRemove}>
        Remove
      </button>
    </li>
  );
}
