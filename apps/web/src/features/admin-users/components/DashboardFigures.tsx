import { BOOKING_STATUSES } from "@cura/domain";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminDashboard } from "../api/dashboard.ts";

function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="col-12 col-md-6 col-xl-3">
      <div className="card-wrapper card-space h-100">
        <div className="card card-bg h-100">
          <div className="card-body">
            <h2 className="card-title h6">{title}</h2>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The administrator's figures on the home (`GET utilities/dati/app`): users by type, registrations,
 * active companies, today's bookings by status and teleconsultations. Open alert events are not
 * shown: no alert exists yet on the platform (the plans and monitoring issue adds them).
 */
export function DashboardFigures() {
  const { t } = useTranslation();
  const dashboard = useAdminDashboard();
  if (dashboard.isError) {
    return (
      <div className="col-12">
        <div className="alert alert-warning" role="alert">
          {t("adminDashboard.unavailable")}
        </div>
      </div>
    );
  }
  const d = dashboard.data;
  const value = (n: number | undefined) => (n === undefined ? "…" : n);
  return (
    <>
      <Figure title={t("adminDashboard.users")}>
        <dl className="row mb-0">
          <dt className="col-8 fw-normal">{t("adminDashboard.citizens")}</dt>
          <dd className="col-4 text-end fw-bold">{value(d?.users_by_type.cittadini)}</dd>
          <dt className="col-8 fw-normal">{t("adminDashboard.operators")}</dt>
          <dd className="col-4 text-end fw-bold">{value(d?.users_by_type.operatori)}</dd>
          <dt className="col-8 fw-normal">{t("adminDashboard.admins")}</dt>
          <dd className="col-4 text-end fw-bold mb-0">{value(d?.users_by_type.amministratori)}</dd>
        </dl>
        <Link to="/admin/utenti" className="d-inline-block mt-2">
          {t("adminDashboard.toUsers")}
        </Link>
      </Figure>
      <Figure title={t("adminDashboard.registrations")}>
        <dl className="row mb-0">
          <dt className="col-8 fw-normal">{t("adminDashboard.today")}</dt>
          <dd className="col-4 text-end fw-bold">{value(d?.registrations.today)}</dd>
          <dt className="col-8 fw-normal">{t("adminDashboard.week")}</dt>
          <dd className="col-4 text-end fw-bold mb-0">{value(d?.registrations.week)}</dd>
        </dl>
        <Link to="/admin/registrazioni" className="d-inline-block mt-2">
          {t("adminDashboard.toRegistrations")}
        </Link>
      </Figure>
      <Figure title={t("adminDashboard.bookingsToday")}>
        <dl className="row mb-0">
          {BOOKING_STATUSES.map((status) => (
            <Fragment key={status}>
              <dt className="col-8 fw-normal">{t(`adminDashboard.statuses.${status}`)}</dt>
              <dd className="col-4 text-end fw-bold mb-1">{value(d?.bookings_today[status])}</dd>
            </Fragment>
          ))}
        </dl>
      </Figure>
      <Figure title={t("adminDashboard.activity")}>
        <dl className="row mb-0">
          <dt className="col-8 fw-normal">{t("adminDashboard.activeCompanies")}</dt>
          <dd className="col-4 text-end fw-bold">{value(d?.active_companies)}</dd>
          <dt className="col-8 fw-normal">{t("adminDashboard.teleconsultsToday")}</dt>
          <dd className="col-4 text-end fw-bold mb-0">{value(d?.teleconsults_today)}</dd>
        </dl>
      </Figure>
    </>
  );
}
