import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { Pager } from "../../../ui/Pager.tsx";
import { downloadExport, useTodayRegistrations } from "../api/users.ts";
import { UsersTable } from "../components/UsersTable.tsx";

const PERIODS = ["today", "week", "month", "year"] as const;

/**
 * /admin/registrazioni (spec 002 §2 `registrazioni`): the registrations of today, this week, month
 * and year, and today's new accounts with their XLS export.
 */
export default function AdminRegistrationsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const today = useTodayRegistrations(page);
  const onExport = async () => {
    setExporting(true);
    try {
      await downloadExport("users/registrati/oggi/export/xls", {}, "registrazioni-oggi.xlsx");
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("adminUsers.errors.export"));
    } finally {
      setExporting(false);
    }
  };
  const counts = today.data?.counts;
  return (
    <div>
      <h1 className="mb-4">{t("adminDashboard.menu.registrations")}</h1>
      <section aria-labelledby="registrations-counts" className="mb-4">
        <h2 id="registrations-counts" className="h5">
          {t("adminUsers.registrations.countsTitle")}
        </h2>
        <ul className="row g-3 list-unstyled">
          {PERIODS.map((period) => (
            <li key={period} className="col-6 col-md-3">
              <div className="card card-bg h-100">
                <div className="card-body">
                  <p className="small mb-1">{t(`adminUsers.registrations.periods.${period}`)}</p>
                  <p className="h3 mb-0">{counts ? counts[period] : "…"}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="registrations-today">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <h2 id="registrations-today" className="h5 mb-0">
            {t("adminUsers.registrations.todayTitle")}
          </h2>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={onExport} disabled={exporting}>
            {t("adminUsers.export")}
          </button>
        </div>
        {today.isError ? (
          <div className="alert alert-danger" role="alert">
            {isApiError(today.error) ? today.error.message : t("adminUsers.errors.generic")}
          </div>
        ) : null}
        {today.data && today.data.data.length > 0 ? (
          <UsersTable users={today.data.data} caption={t("adminUsers.registrations.todayTitle")} />
        ) : today.isSuccess ? (
          <p>{t("adminUsers.registrations.none")}</p>
        ) : null}
        {today.data ? (
          <Pager
            page={today.data.meta.page}
            perPage={today.data.meta.per_page}
            total={today.data.meta.total}
            onPage={setPage}
            label={t("adminUsers.pagination")}
            withTotal
          />
        ) : null}
      </section>
    </div>
  );
}
