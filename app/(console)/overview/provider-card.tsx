import { formatDateTime } from "../_lib/format";
import type { Outputs } from "../_lib/trpc";
import { Badge, Card } from "../_lib/ui";

const NAMES: Record<string, string> = { google: "Google Address Validation", simulator: "Provider simulator" };

export function ProviderCard({ status }: { status: Outputs["console"]["provider"] }) {
  return (
    <Card title="Address validation provider">
      {!status ? (
        <>
          <Badge tone="amber">Not configured</Badge>
          <p className="mt-2 text-sm text-slate-700">Live verifications that need the provider answer 503 until an operator configures one.</p>
        </>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-900">{NAMES[status.name] ?? status.name}</p>
          <p className="mt-2">
            {status.state === "closed" ? (
              <Badge tone="green">Working normally</Badge>
            ) : status.state === "open" ? (
              <Badge tone="red">Unavailable</Badge>
            ) : (
              <Badge tone="amber">Recovering</Badge>
            )}
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {status.state === "closed"
              ? status.consecutiveFailures
                ? `${status.consecutiveFailures} recent call(s) failed; requests still go through.`
                : "Every recent call succeeded."
              : status.state === "open"
                ? `Calls are paused after repeated failures${status.openedAt ? ` since ${formatDateTime(status.openedAt)}` : ""}; live verifications answer 503 and batches wait.`
                : "A trial call is checking whether the provider is back."}
          </p>
          <p className="mt-1 text-xs text-slate-600">As seen by this server process.</p>
        </>
      )}
    </Card>
  );
}
