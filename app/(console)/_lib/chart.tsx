"use client";

import { createContext, useContext, type CSSProperties, type ReactElement, type ReactNode } from "react";
import { ResponsiveContainer, Tooltip } from "recharts";

/**
 * The console's charts are Recharts, wrapped the way shadcn/ui's chart component wraps it: a
 * container that sizes the chart to its box and names each series' colour as a CSS variable
 * (`--color-<key>`, used as `fill="var(--color-ship)"`), and one tooltip that reads the series'
 * labels from the same config. Every chart is an image with its figures in its label and in a table
 * beside it, so neither a screen reader nor a keyboard needs the drawing.
 */
export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = createContext<ChartConfig | null>(null);

/** Colours that keep 3:1 against white (WCAG's non-text contrast), one per decision. */
export const DECISION_COLOURS = { SHIP: "#15803d", REVIEW: "#b45309", HOLD: "#b91c1c" } as const;

export function ChartContainer({
  config,
  label,
  className = "",
  children,
}: {
  config: ChartConfig;
  /** The chart in words: what it shows and its main figures. */ label: string;
  className?: string;
  children: ReactElement;
}) {
  const colours = Object.fromEntries(Object.entries(config).map(([key, c]) => [`--color-${key}`, c.color])) as CSSProperties;
  return (
    <ChartContext.Provider value={config}>
      <div
        role="img"
        aria-label={label}
        style={colours}
        className={`w-full overflow-hidden text-xs [&_.recharts-cartesian-axis-tick_text]:fill-slate-700 [&_.recharts-cartesian-grid_line]:stroke-slate-200 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-slate-100 [&_.recharts-surface]:outline-none ${className}`}
      >
        {/* The first render (on the server too) draws at this size until the box is measured, and after
            a resize the drawing keeps its old width until ResizeObserver's callback has re-rendered it:
            the box clips it meanwhile, so a chart never makes the page wider than the screen. */}
        <ResponsiveContainer initialDimension={{ width: 640, height: 160 }}>{children}</ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Tooltip;

interface TooltipItem {
  dataKey?: unknown;
  name?: unknown;
  value?: unknown;
  color?: string;
}

/** The tooltip's body: the point's label, then each series' colour, label and value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter = String,
  valueFormatter = String,
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  labelFormatter?: (label: never) => string;
  valueFormatter?: (value: never, key: string) => string;
}) {
  const config = useContext(ChartContext);
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs text-slate-900 shadow-lg">
      {label !== undefined && <p className="font-semibold">{labelFormatter(label as never)}</p>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name);
        return (
          <p key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-sm" style={{ background: config?.[key]?.color ?? item.color }} aria-hidden="true" />
            <span className="text-slate-700">{config?.[key]?.label ?? String(item.name)}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">{valueFormatter(item.value as never, key)}</span>
          </p>
        );
      })}
    </div>
  );
}

/** A chart's series and their colours, in words beside the colour (the chart's legend). */
export function ChartLegend({ config }: { config: ChartConfig }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-800">
      {Object.entries(config).map(([key, c]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: c.color }} aria-hidden="true" />
          {c.label}
        </li>
      ))}
    </ul>
  );
}

/** A chart's figures as a table behind a disclosure, for readers who would rather not read the drawing. */
export function ChartData({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-blue-800">{summary}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}
