import type { ReactNode } from "react";

/** `data-*` attributes, for the e2e specs to find a row or a cell by what it holds. */
type DataAttributes = Record<`data-${string}`, string>;

export interface Column<Row> {
  /** The column's name, and its React key. */
  label: string;
  /** Shown in the header instead of the label (a badge, or words for screen readers only). */
  header?: ReactNode;
  numeric?: boolean;
  /** The cell names its row: a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Classes added to the column's cells, from the row when they depend on it. */
  className?: string | ((row: Row) => string);
  data?: (row: Row) => DataAttributes;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of figures: a chart's data for screen readers and keyboards, or a list in its own right.
 * Its caption names it (screen readers only unless `captionShown`).
 */
export function FigureTable<Row>({
  caption,
  captionShown = false,
  columns,
  rows,
  rowKey,
  rowData,
  testId,
}: {
  caption?: string;
  captionShown?: boolean;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowData?: (row: Row) => DataAttributes;
  testId?: string;
}) {
  return (
    // A region that may scroll sideways on a phone must take the keyboard's focus to be scrolled (WCAG 2.1.1).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption ?? "Table"}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        {caption && <caption className={captionShown ? "mb-1 text-left text-sm font-semibold text-slate-900" : "sr-only"}>{caption}</caption>}
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`py-1.5 pr-4 font-semibold text-slate-800 ${c.numeric ? "text-right" : ""}`}>
                {c.header ?? c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-b border-slate-200 align-top last:border-0" {...rowData?.(r)}>
              {columns.map((c) => {
                const Cell = c.rowHeader ? "th" : "td";
                const own = typeof c.className === "function" ? c.className(r) : c.className;
                return (
                  <Cell
                    key={c.label}
                    scope={c.rowHeader ? "row" : undefined}
                    className={`py-1.5 pr-4 ${c.rowHeader ? "font-normal" : ""} ${c.numeric ? "text-right tabular-nums" : ""} ${own ?? ""}`}
                    {...c.data?.(r)}
                  >
                    {c.cell(r)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
