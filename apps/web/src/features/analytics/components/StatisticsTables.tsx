import type { TCompanyStatistics } from "@cura/domain";
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
