import type { Metadata } from "next";
import { formatNumber, formatRupees } from "../_lib/format";
import { serverApi, signedIn } from "../_lib/server";
import { Card, PageHeader } from "../_lib/ui";
import { UsageChart } from "../_lib/usage-chart";

export const metadata: Metadata = { title: "Usage and plan" };

export default async function UsagePage() {
  const api = await serverApi();
  const [me, usage, byDay] = await signedIn(Promise.all([api.console.me(), api.usage.get(), api.console.usageByDay()]));
  const overage = me.plan.overagePaisePerUnit;
  const figures: [string, string][] = [
    ["Period", `${usage.period} (calendar month, UTC)`],
    ["Used", `${formatNumber(usage.used)} units`],
    ["Included in the plan", `${formatNumber(usage.included)} units`],
    ["Remaining", `${formatNumber(usage.remaining)} units`],
    ["Overage so far", overage === null ? "None: this plan stops at its included units" : formatRupees(usage.overage_paise)],
  ];

  return (
    <>
      <PageHeader title="Usage and plan" description="What this workspace used this month, and what its plan includes. Usage starts at zero each month." />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="This month">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {figures.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-700">{k}</dt>
                <dd className="font-medium tabular-nums text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={`Plan: ${me.plan.id}`}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            <li>{formatNumber(me.plan.included)} units included each month.</li>
            <li>
              {overage === null ? "No overage: once the included units are used, live calls answer 429 quota_exhausted until next month." : `Beyond them, ${formatRupees(overage)} per unit.`}
            </li>
            <li>Batches of up to {formatNumber(me.plan.batchCap)} rows.</li>
            <li>A live verification or a batch row costs 1 unit; a live normalisation 0.1; DIGIPIN look-ups and test keys are free.</li>
          </ul>
          <p className="mt-3 text-sm text-slate-700">To change plan, ask your Dakiya operator.</p>
        </Card>
      </div>
      <Card title="Units used by day" className="mt-4">
        <UsageChart period={byDay.period} days={byDay.days} />
      </Card>
    </>
  );
}
