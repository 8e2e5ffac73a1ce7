import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTodayBookings } from "../../bookings/api/home-lists.ts";
import { BookingRow } from "../../bookings/components/BookingRow.tsx";
import { formatTime } from "../../bookings/format.ts";
import { bookingsListPath, newBookingPath } from "../../bookings/sections.ts";
import { DashboardCard } from "./HomeDashboard.tsx";

/** Today's appointments (spec 001 screen 9), in time order, with the way to book a new one. */
export function TodayBookingsCard() {
  const { t } = useTranslation();
  const today = useTodayBookings();
  return (
    <DashboardCard title={t("home.citizen.todayTitle")}>
      {today.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {today.isError ? <p className="text-danger">{today.error.message}</p> : null}
      {today.data?.length === 0 ? <p>{t("home.citizen.noToday")}</p> : null}
      {today.data?.length ? (
        <ul className="list-unstyled" data-testid="today-bookings">
          {today.data.map((booking) => (
            <BookingRow
              key={booking.hashid}
              booking={booking}
              {...(booking.start
                ? {
                    when: booking.end
                      ? `${formatTime(booking.start)}–${formatTime(booking.end)}`
                      : formatTime(booking.start),
                  }
                : {})}
            />
          ))}
        </ul>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary btn-sm" to={newBookingPath()}>
          {t("bookings.newBooking")}
        </Link>
        <Link className="btn btn-outline-primary btn-sm" to={bookingsListPath("confermate")}>
          {t("home.citizen.confirmedLink")}
        </Link>
      </div>
    </DashboardCard>
  );
}
