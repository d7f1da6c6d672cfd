import type { Metadata } from "next";
import Form from "next/form";
import { errorCode, serverApi, signedIn } from "../_lib/server";
import { button, input, label, PageHeader } from "../_lib/ui";
import { OutcomesView } from "./outcomes-view";
import { OutcomesUpload } from "./upload";

export const metadata: Metadata = { title: "Outcomes" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` as typed; anything else is left to the procedure's default (the last 30 days). */
function day(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && DAY.test(value) ? value : undefined;
}

export default async function OutcomesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const asked = { from: day(params.from), to: day(params.to) };
  const api = await serverApi();
  let result: { data: Awaited<ReturnType<typeof api.analytics.outcomes>> } | { error: string };
  try {
    result = { data: await signedIn(api.analytics.outcomes(asked)) };
  } catch (err) {
    // A period the API refuses (`to` before `from`, more than 366 days) is said on the page, beside the form.
    if (errorCode(err) !== "invalid_request") throw err;
    result = { error: err instanceof Error ? err.message : String(err) };
  }
  const period = "data" in result ? { from: result.data.from, to: result.data.to } : asked;

  return (
    <>
      <PageHeader
        title="Outcomes"
        description="What happened to the parcels you reported outcomes for: return rates by decision, week, reason, pincode and courier, and how well the delivery probability matched what happened."
      />
      <OutcomesUpload />
      <Form action="/outcomes" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Period">
        <div>
          <label htmlFor="outcomes-from" className={label}>
            From
          </label>
          <input id="outcomes-from" name="from" type="date" required className={`${input} mt-1`} defaultValue={period.from} />
        </div>
        <div>
          <label htmlFor="outcomes-to" className={label}>
            To (inclusive)
          </label>
          <input id="outcomes-to" name="to" type="date" required className={`${input} mt-1`} defaultValue={period.to} />
        </div>
        <button type="submit" className={button.primary}>
          Show
        </button>
        <p className="w-full text-xs text-slate-700">Days in UTC; at most 366 days. Without a period, the last 30 days.</p>
      </Form>
      {"data" in result ? (
        <OutcomesView data={result.data} />
      ) : (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="period-error">
          {result.error}
        </p>
      )}
    </>
  );
}
