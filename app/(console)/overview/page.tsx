import type { Metadata } from "next";
import { IntentLink } from "../_lib/intent-link";
import { formatDateTime, formatNumber } from "../_lib/format";
import { serverApi, signedIn } from "../_lib/server";
import { BatchProgressBar, BatchStatusBadge, Card, Empty, PageHeader } from "../_lib/ui";
import { UsageChart } from "../_lib/usage-chart";
import { ProviderCard } from "./provider-card";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const api = await serverApi();
  const [usage, byDay, batches, provider] = await signedIn(Promise.all([api.usage.get(), api.console.usageByDay(), api.console.batches({ limit: 5 }), api.console.provider()]));
  const percent = usage.included ? Math.min(100, Math.round((usage.used / usage.included) * 100)) : 100;

  return (
    <>
      <PageHeader title="Overview" description="This month's usage, your latest batches and the address validation provider's health." />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Usage this month" className="lg:col-span-2">
          <p className="text-slate-900">
            <span className="text-2xl font-bold tabular-nums">{formatNumber(usage.used)}</span> of {formatNumber(usage.included)} units used in {usage.period} ({percent}%) on the{" "}
            {usage.plan} plan.
          </p>
          <div
            role="meter"
            aria-label="Units used of the plan"
            aria-valuemin={0}
            aria-valuemax={usage.included}
            aria-valuenow={Math.min(usage.used, usage.included)}
            className="my-3 h-3 overflow-hidden rounded-full bg-slate-200"
          >
            <div className={`h-full ${percent >= 90 ? "bg-red-700" : "bg-blue-700"}`} style={{ width: `${percent}%` }} />
          </div>
          <UsageChart period={byDay.period} days={byDay.days} />
          <IntentLink href="/usage" className="mt-2 inline-block text-sm font-medium text-blue-800 underline">
            Usage and plan details
          </IntentLink>
        </Card>
        <ProviderCard status={provider} />
      </div>
      <Card title="Recent batches" className="mt-4">
        {batches.length === 0 ? (
          <Empty>
            No batches yet.{" "}
            <IntentLink href="/batches/new" className="font-medium text-blue-800 underline">
              Upload a CSV of orders
            </IntentLink>{" "}
            to verify them all at once.
          </Empty>
        ) : (
          <ul className="divide-y divide-slate-200">
            {batches.map((b) => (
              <li key={b.batch_id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div>
                  <IntentLink href={`/batches/${b.batch_id}`} className="font-mono text-sm font-medium text-blue-800 underline">
                    {b.batch_id}
                  </IntentLink>
                  <p className="text-xs text-slate-700">{formatDateTime(b.created_at)}</p>
                </div>
                <BatchStatusBadge status={b.status} />
                <BatchProgressBar batchId={b.batch_id} total={b.total} done={b.done} cancelled={b.cancelled} />
              </li>
            ))}
          </ul>
        )}
        <IntentLink href="/batches" className="mt-2 inline-block text-sm font-medium text-blue-800 underline">
          All batches
        </IntentLink>
      </Card>
    </>
  );
}
