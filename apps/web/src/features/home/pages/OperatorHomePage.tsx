import { COMPANY_LEVELS } from "@cura/domain/constants";
import { useTranslation } from "react-i18next";
import { hasActiveService } from "../../../app/nav.ts";
import { useSession } from "../../../lib/session.ts";
import { useDayBookings, useStatistics } from "../../operator-bookings/api/dashboard.ts";
import { useWorklist } from "../../operator-bookings/api/worklist.ts";
import {
  PENDING_QUERY,
  PendingBookingsList,
  TodayBookingsList,
} from "../../operator-bookings/components/TodayBookingsCard.tsx";
import { todayInRome } from "../../operator-bookings/format.ts";
import { BOOKINGS_SERVICE_REF } from "../../operator-bookings/sections.ts";
import { AccountCard, DashboardCard, HomeDashboard } from "../components/HomeDashboard.tsx";

/**
 * /operatore/home: the dashboard (Monitoraggio for a level-5 company): today's bookings and those
 * waiting for an operator when the company takes bookings, then the company and the account.
 */
export default function OperatorHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The cards' lists, asked for here too (the cards share the queries) so that the cards appear
  // together once they have answered (HomeDashboard's loading); only where the company takes bookings.
  const takesBookings = user !== null && hasActiveService(BOOKINGS_SERVICE_REF)(user);
  const today = todayInRome();
  const day = useDayBookings(today, takesBookings);
  const counts = useStatistics(today, takesBookings);
  const pending = useWorklist(PENDING_QUERY, takesBookings);
  const loading = takesBookings && (day.isPending || counts.isPending || pending.isPending);
  return (
    <HomeDashboard intro={t("home.operator.intro")} loading={loading}>
      {(user) => (
        <>
          {takesBookings ? (
            <>
              <div className="col-12 col-lg-6">
                <DashboardCard title={t("operatorBookings.home.todayTitle")}>
                  <TodayBookingsList />
                </DashboardCard>
              </div>
              <div className="col-12 col-lg-6">
                <DashboardCard title={t("operatorBookings.home.pendingTitle")}>
                  <PendingBookingsList />
                </DashboardCard>
              </div>
            </>
          ) : null}
          <div className="col-12 col-lg-6">
            <DashboardCard title={t("home.operator.companyTitle")}>
              {user.company ? (
                <dl className="row mb-0">
                  <dt className="col-sm-5">{t("home.operator.companyName")}</dt>
                  <dd className="col-sm-7">{user.company.name}</dd>
                  <dt className="col-sm-5">{t("home.operator.companyLevel")}</dt>
                  <dd className="col-sm-7">
                    {user.company.level === COMPANY_LEVELS.monitoringRoom
                      ? t("home.operator.levelMonitoring")
                      : user.company.level === COMPANY_LEVELS.firstLevel
                        ? t("home.operator.levelFirst")
                        : t("home.operator.levelOther", { level: user.company.level })}
                  </dd>
                  <dt className="col-sm-5">{t("home.operator.activeServices")}</dt>
                  <dd className="col-sm-7">{user.company.active_services.length}</dd>
                </dl>
              ) : (
                <p className="mb-0">{t("home.operator.noCompany")}</p>
              )}
            </DashboardCard>
          </div>
          <div className="col-12 col-lg-6">
            <DashboardCard title={t("home.operator.permissionsTitle")}>
              {user.permessi.length > 0 ? (
                <ul className="mb-0">
                  {user.permessi.map((permission) => (
                    <li key={permission}>{permission}</li>
                  ))}
                </ul>
              ) : (
                <p className="mb-0">{t("home.operator.noPermissions")}</p>
              )}
            </DashboardCard>
          </div>
          <div className="col-12 col-lg-6">
            <AccountCard user={user} />
          </div>
        </>
      )}
    </HomeDashboard>
  );
}
