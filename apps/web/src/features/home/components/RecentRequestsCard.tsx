import { BOOKING_KINDS } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLatestBookings } from "../../bookings/api/home-lists.ts";
import { BookingRow } from "../../bookings/components/BookingRow.tsx";
import { bookingsListPath, newBookingPath } from "../../bookings/sections.ts";
import { DashboardCard } from "./HomeDashboard.tsx";

/**
 * The citizen's most recent requests by kind (spec 001 screen 9): visits and services, medicines,
 * teleconsultations (bookings of kind teleconsulto since issue 10).
 */
export function RecentRequestsCard() {
  const { t } = useTranslation();
  const latest = useLatestBookings();
  return (
    <DashboardCard title={t("home.citizen.recentTitle")}>
      {latest.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {latest.isError ? <p className="text-danger">{latest.error.message}</p> : null}
      {latest.data
        ? BOOKING_KINDS.map((kind) => {
            const items = latest.data.filter((b) => b.kind === kind);
            return (
              <section key={kind} aria-labelledby={`recent-${kind}`} className="mb-3" data-testid={`recent-${kind}`}>
                <h3 id={`recent-${kind}`} className="h6">
                  {t(`bookings.kinds.${kind}`)}
                </h3>
                {items.length === 0 ? (
                  <p className="small mb-1">
                    {t("home.citizen.noRecent")} <Link to={newBookingPath(kind)}>{t("home.citizen.bookNow")}</Link>
                  </p>
                ) : (
                  <ul className="list-unstyled mb-1">
                    {items.map((booking) => (
                      <BookingRow key={booking.hashid} booking={booking} />
                    ))}
                  </ul>
                )}
                <Link to={bookingsListPath("in-attesa", kind)} className="small">
                  {t("home.citizen.allOfKind", { kind: t(`bookings.kinds.${kind}`) })}
                </Link>
              </section>
            );
          })
        : null}
    </DashboardCard>
  );
}
