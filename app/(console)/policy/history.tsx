"use client";

import { formatDateTime } from "../_lib/format";
import { ErrorNote } from "../_lib/errors";
import { api } from "../_lib/trpc";
import { Badge, button, Card } from "../_lib/ui";
import type { PolicyHistoryPage, PolicyVersion } from "./draft";
import { ruleSentence, thresholdsSentence } from "./words";

/**
 * The policy's versions, newest first, a page at a time (the server's default page, as the page
 * rendered the first; a workspace may have many, each up to 64 KiB): who published each and when,
 * and its rules in words.
 */
export function PolicyHistory({ first, canEdit, onEdit }: { first: PolicyHistoryPage; canEdit: boolean; onEdit: (v: PolicyVersion) => void }) {
  const pages = api.console.policyHistory.useInfiniteQuery({}, { getNextPageParam: (page) => page.next_cursor, initialData: { pages: [first], pageParams: [null] } });
  const versions = pages.data?.pages.flatMap((p) => p.versions) ?? first.versions;
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
      {pages.hasNextPage && (
        <button type="button" className={`${button.secondary} mt-3`} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? "Loading older versions…" : "Show older versions"}
        </button>
      )}
      {pages.isFetchNextPageError && <ErrorNote error={pages.error} action="Could not load older versions" />}
    </Card>
  );
}
