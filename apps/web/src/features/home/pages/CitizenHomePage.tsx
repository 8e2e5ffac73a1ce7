import { useTranslation } from "react-i18next";
import { useLatestBookings, useTodayBookings } from "../../bookings/api/home-lists.ts";
import { AccountCard, HomeDashboard } from "../components/HomeDashboard.tsx";
import { RecentRequestsCard } from "../components/RecentRequestsCard.tsx";
import { TodayBookingsCard } from "../components/TodayBookingsCard.tsx";

/**
 * /cittadino/home (spec 001 screen 9): greeting by time of day, today's appointments, recent requests
 * by kind. The active subscription plan joins when subscriptions exist.
 */
export default function CitizenHomePage() {
  const { t } = useTranslation();
  // The cards' lists, asked for here too (one request each: the cards share the queries).
  const today = useTodayBookings();
  const latest = useLatestBookings();
  const loading = today.isPending || latest.isPending;
  return (
    <HomeDashboard intro={t("home.citizen.intro")} loading={loading}>
      {(user) => (
        <>
          <div className="col-12 col-lg-6">
            <TodayBookingsCard />
          </div>
          <div className="col-12 col-lg-6">
            <RecentRequestsCard />
          </div>
          <div className="col-12 col-lg-6">
            <AccountCard user={user} />
          </div>
        </>
      )}
    </HomeDashboard>
  );
}
