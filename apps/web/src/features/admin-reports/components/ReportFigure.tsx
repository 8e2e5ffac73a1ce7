import type { EChartsCoreOption } from "echarts/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ReportChart } from "./ReportChart.tsx";

export interface FigureTable {
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/**
 * One chart of a dashboard: its title, the chart (named and described) and, as its text
 * alternative, a collapsible table of the same figures.
 */
export function ReportFigure({
  title,
  description,
  option,
  table,
  testId,
}: {
  title: string;
  description: string;
  option: EChartsCoreOption;
  table: FigureTable;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-5" data-testid={testId}>
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      <p id={`${id}-desc`} className="small text-muted">
        {description}
      </p>
      <ReportChart option={option} label={title} description={description} />
      <details className="mt-2">
        <summary>{t("adminReports.showTable")}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard */}
        <section className="table-responsive" tabIndex={0} aria-labelledby={`${id}-title`}>
          <table className="table table-sm">
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th scope="col" key={c} className={i > 0 ? "text-end" : undefined}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th scope="row" key="head">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional
                      <td key={`c${i}`} className="text-end">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </section>
  );
}
