import type { TCompanyStatistics } from "@cura/domain";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { periodLabel } from "./format.ts";

/** The data of each chart as a table: the charts' text alternative, and readable on its own. */

export function StatusTable({ stats }: { stats: TCompanyStatistics }) {
  const { t } = useTranslation();
  return (
    <table className="table table-sm" data-testid="statistics-status-table">
      <caption>{t("analytics.byStatusCaption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("analytics.status")}</th>
          <th scope="col" className="text-end">
            {t("analytics.bookings")}
          </th>
        </tr>
      </thead>
      <tbody>
        {stats.by_status.map((s) => (
          <tr key={s.status}>
            <th scope="row">{t(`analytics.statuses.${s.status}`)}</th>
            <td className="text-end">{s.count}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("analytics.total")}</th>
          <td className="text-end">{stats.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function ServiceTable({ stats }: { stats: TCompanyStatistics }) {
  const { t } = useTranslation();
  return (
    <table className="table table-sm" data-testid="statistics-service-table">
      <caption>{t("analytics.byServiceCaption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("analytics.service")}</th>
          <th scope="col" className="text-end">
            {t("analytics.bookings")}
          </th>
        </tr>
      </thead>
      <tbody>
        {stats.by_service.map((s) => (
          <tr key={s.hashid ?? "products"}>
            <th scope="row">{s.name}</th>
            <td className="text-end">{s.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverTimeTable({ stats }: { stats: TCompanyStatistics }) {
  const { t, i18n } = useTranslation();
  // Only the periods with bookings: a 60-day range of mostly zeros says nothing in a table.
  const periods = stats.over_time.filter((p) => p.total > 0);
  return (
    <table className="table table-sm" data-testid="statistics-time-table">
      <caption>{t(`analytics.overTimeCaption.${stats.interval}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t("analytics.period")}</th>
          {stats.by_status.map((s) => (
            <th scope="col" className="text-end" key={s.status}>
              {t(`analytics.statuses.${s.status}`)}
            </th>
          ))}
          <th scope="col" className="text-end">
            {t("analytics.total")}
          </th>
        </tr>
      </thead>
      <tbody>
        {periods.map((p) => (
          <tr key={p.period}>
            <th scope="row">{periodLabel(p.period, stats.interval, i18n.language)}</th>
            {stats.by_status.map((s) => (
              <td className="text-end" key={s.status}>
                {p.by_status[s.status]}
              </td>
            ))}
            <td className="text-end">{p.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type NoShowFigures = TCompanyStatistics["no_shows"][number]["with_reminder"];

/**
 * The no-show rates per service and month, with and without a reminder (issue 12): two column
 * groups under one header row each, so that a screen reader reads "Con promemoria, Tasso" for a cell.
 */
export function NoShowTable({ stats }: { stats: TCompanyStatistics }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const groups = [
    { key: "with_reminder", label: t("analytics.noShowRates.withReminder") },
    { key: "without_reminder", label: t("analytics.noShowRates.withoutReminder") },
  ] as const;
  const figures = (f: NoShowFigures) => (
    <>
      <td className="text-end">{f.served}</td>
      <td className="text-end">{f.no_shows}</td>
      <td className="text-end">{f.rate === null ? t("analytics.noShowRates.noRate") : percent.format(f.rate)}</td>
    </>
  );
  return (
    <table className="table table-sm" data-testid="statistics-no-show-table">
      <caption>{t("analytics.noShowRates.caption")}</caption>
      <colgroup span={2} />
      <colgroup span={3} />
      <colgroup span={3} />
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            {t("analytics.service")}
          </th>
          <th scope="col" rowSpan={2}>
            {t("analytics.noShowRates.month")}
          </th>
          {groups.map((g) => (
            <th scope="colgroup" colSpan={3} className="text-center" key={g.key}>
              {g.label}
            </th>
          ))}
        </tr>
        <tr>
          {groups.map((g) => (
            <Fragment key={g.key}>
              <th scope="col" className="text-end">
                {t("analytics.noShowRates.served")}
              </th>
              <th scope="col" className="text-end">
                {t("analytics.noShowRates.noShows")}
              </th>
              <th scope="col" className="text-end">
                {t("analytics.noShowRates.rate")}
              </th>
            </Fragment>
          ))}
        </tr>
      </thead>
      <tbody>
        {stats.no_shows.map((line) => (
          <tr key={`${line.hashid}-${line.month}`}>
            <th scope="row">{line.name}</th>
            <td>{periodLabel(line.month, "month", i18n.language)}</td>
            {figures(line.with_reminder)}
            {figures(line.without_reminder)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
