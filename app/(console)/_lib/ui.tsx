import { IntentLink } from "./intent-link";
import { formatNumber } from "./format";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
import type { Decision } from "~/lib/words";

type BatchStatus = inferRouterOutputs<AppRouter>["batches"]["get"]["status"];

/** Shared building blocks of the console's pages; none needs the browser, so server pages render them too. */

export const button = {
  primary: "inline-flex items-center justify-center rounded-md bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-slate-400",
  secondary:
    "inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500",
  danger:
    "inline-flex items-center justify-center rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-500",
};

export const input = "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500";
export const label = "block text-sm font-medium text-slate-800";

/** A text field's value from a submitted form (the console's forms have no file inputs). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A labelled drop-down whose choice the page holds (`value` and `onChange`). */
export function SelectField<V extends string>(props: { id: string; label: string; value: V; options: readonly { value: V; name: string }[]; onChange: (value: V) => void }) {
  return (
    <div>
      <label htmlFor={props.id} className={label}>
        {props.label}
      </label>
      <select id={props.id} className={`${input} mt-1`} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PageHeader({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      {/* A title can be a merchant's name or an id with no spaces: it wraps anywhere rather than widen a phone's page. */}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 wrap-anywhere">{title}</h1>
        {description && <p className="mt-1 max-w-2xl text-slate-700 wrap-anywhere">{description}</p>}
      </div>
      {children}
    </div>
  );
}

export function Card({ title, children, className = "" }: { title?: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title && <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>}
      {children}
    </section>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">{children}</p>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="animate-pulse text-sm text-slate-700">
      Loading {what}…
    </p>
  );
}

export function ViewerNote({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-slate-300 bg-slate-100 p-3 text-sm text-slate-800">{children}</p>;
}

type Tone = "green" | "amber" | "red" | "blue" | "slate";
const tones: Record<Tone, string> = {
  green: "border-green-700 bg-green-50 text-green-900",
  amber: "border-amber-600 bg-amber-50 text-amber-900",
  red: "border-red-700 bg-red-50 text-red-900",
  blue: "border-blue-700 bg-blue-50 text-blue-900",
  slate: "border-slate-500 bg-slate-100 text-slate-800",
};

/** A status in words with a colour and a symbol, never colour alone. */
export function Badge({ tone, large = false, children }: { tone: Tone; large?: boolean; children: React.ReactNode }) {
  const symbol = { green: "✓", amber: "!", red: "✕", blue: "●", slate: "○" }[tone];
  const size = large ? "border-2 px-3 py-1 text-xl font-bold" : "border px-2 py-0.5 text-xs font-semibold";
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full ${size} ${tones[tone]}`}>
      <span aria-hidden="true">{symbol}</span>
      {children}
    </span>
  );
}

const batchTones: Record<BatchStatus, Tone> = { queued: "slate", processing: "blue", completed: "green", failed: "red", cancelling: "amber", cancelled: "amber" };
const batchWords: Record<BatchStatus, string> = {
  queued: "Queued",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
  cancelling: "Cancelling",
  cancelled: "Cancelled",
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return <Badge tone={batchTones[status]}>{batchWords[status]}</Badge>;
}

/** SHIP green, REVIEW amber, HOLD red: a verification's decision wherever the console shows one. */
export function DecisionBadge({ decision, large }: { decision: Decision; large?: boolean }) {
  const tone = decision === "SHIP" ? "green" : decision === "REVIEW" ? "amber" : "red";
  return (
    <Badge tone={tone} large={large}>
      {decision}
    </Badge>
  );
}

type ConfirmationStatus = inferRouterOutputs<AppRouter>["confirmations"]["get"]["status"];
const CONFIRMATION_TONE = { pending: "amber", confirmed: "green", expired: "slate" } as const;
const CONFIRMATION_WORDS = { pending: "Waiting for the buyer", confirmed: "Confirmed by the buyer", expired: "Expired" } as const;

/** Where a confirmation link stands, on the Verify page and a batch's rows. */
export function ConfirmationStatusBadge({ status }: { status: ConfirmationStatus }) {
  return <Badge tone={CONFIRMATION_TONE[status]}>{CONFIRMATION_WORDS[status]}</Badge>;
}

export const ACTIVE_BATCH: readonly BatchStatus[] = ["queued", "processing", "cancelling"];

/**
 * Rows settled (done or cancelled) out of the total, as a bar and in words. Cancelled rows are shown
 * apart: a cancelled batch reads "300 of 300 settled, 212 cancelled", not a full bar at 100 %.
 */
export function BatchProgressBar({ batchId, total, done, cancelled }: { batchId: string; total: number; done: number; cancelled: number }) {
  const finished = done + cancelled;
  const share = (n: number) => (total ? (n / total) * 100 : 0);
  const words =
    cancelled > 0
      ? `${formatNumber(finished)} of ${formatNumber(total)} settled, ${formatNumber(cancelled)} cancelled`
      : `${formatNumber(finished)} of ${formatNumber(total)} rows finished (${total ? Math.floor(share(finished)) : 100}%)`;
  return (
    <div className="min-w-32">
      <div
        role="progressbar"
        aria-label={`Progress of batch ${batchId}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
        aria-valuetext={words}
        className="flex h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700" style={{ width: `${share(done)}%` }} />
        <div className="h-full bg-[repeating-linear-gradient(45deg,var(--color-slate-500)_0_3px,var(--color-slate-300)_3px_6px)]" style={{ width: `${share(cancelled)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700">{words}</p>
    </div>
  );
}

/** The way back to a list from one of its pages. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <p className="mb-2 text-sm">
      <IntentLink href={href} className="font-medium text-blue-800 underline">
        ← {children}
      </IntentLink>
    </p>
  );
}
