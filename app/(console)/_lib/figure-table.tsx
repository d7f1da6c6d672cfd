import type { ReactNode } from "react";

export interface Column<Row> {
  label: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A table of figures: a chart's data for screen readers and keyboards, or a list in its own right. */
export function FigureTable<Row>({ caption, columns, rows, rowKey }: { caption?: string; columns: Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string }) {
  return (
    // A region that may scroll sideways on a phone must take the keyboard's focus to be scrolled (WCAG 2.1.1).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption ?? "Table"}>
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`py-1.5 pr-4 font-semibold text-slate-800 ${c.numeric ? "text-right" : ""}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-b border-slate-200 last:border-0">
              {columns.map((c) => (
                <td key={c.label} className={`py-1.5 pr-4 text-slate-900 ${c.numeric ? "text-right tabular-nums" : ""}`}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
