import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BookingStatusBadge } from "../../bookings/components/BookingStatusBadge.tsx";
import { bookingTitle } from "../../bookings/components/booking-text.ts";
import { useDayBookings, useStatistics } from "../api/dashboard.ts";
import { useWorklist } from "../api/worklist.ts";
import { DETAIL_BASE, timeOf, todayInRome } from "../format.ts";
import { AwaitingBadge } from "./AwaitingBadge.tsx";

/** The home's list of what waits for an operator: the first five, oldest first. */
export const PENDING_QUERY = { page: 1, per_page: 5, awaiting: "any" } as const;

/** Home dashboard: today's appointments of the company, in time order, with the day's counts. */
export function TodayBookingsList() {
  const { t } = useTranslation();
  const today = todayInRome();
  const day = useDayBookings(today);
  const stats = useStatistics(today);
  if (day.isPending) return <p role="status">{t("common.loading")}</p>;
  if (day.isError) return <p className="mb-0">{t("operatorBookings.home.loadError")}</p>;
  return (
    <>
      {stats.data ? (
        <p className="small" data-testid="today-counts">
          {t("operatorBookings.home.counts", {
            count: stats.data.total,
            confirmed: t("operatorBookings.home.confirmedCount", { count: stats.data.by_status.confermato }),
            received: t("operatorBookings.home.toConfirmCount", { count: stats.data.by_status.ricevuto }),
          })}
        </p>
      ) : null}
      {day.data.length === 0 ? (
        <p className="mb-0">{t("operatorBookings.home.noneToday")}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {day.data.map((b) => (
            <li key={b.hashid} className="mb-2">
              <Link to={`${DETAIL_BASE}/${b.hashid}`}>
                {timeOf(b.start)} · {bookingTitle(b, t)} · {b.citizen.name} {b.citizen.surname}
              </Link>{" "}
              <BookingStatusBadge status={b.status} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Home dashboard: what waits for an operator (new requests, citizens' changes), oldest first. */
export function PendingBookingsList() {
  const { t } = useTranslation();
  const pending = useWorklist(PENDING_QUERY);
  if (pending.isPending) return <p role="status">{t("common.loading")}</p>;
  if (pending.isError) return <p className="mb-0">{t("operatorBookings.home.loadError")}</p>;
  return (
    <>
      {pending.data.data.length === 0 ? (
        <p>{t("operatorBookings.home.nonePending")}</p>
      ) : (
        <>
          <p className="small">{t("operatorBookings.home.pendingTotal", { count: pending.data.meta.total })}</p>
          <ul className="list-unstyled">
            {pending.data.data.map((b) => (
              <li key={b.hashid} className="mb-2">
                <Link to={`${DETAIL_BASE}/${b.hashid}`}>
                  {b.code} · {bookingTitle(b, t)} · {b.citizen.name} {b.citizen.surname}
                </Link>
                <AwaitingBadge awaiting={b.awaiting} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="d-flex flex-wrap gap-3">
        <Link to="/operatore/prenotazioni/prenotazioni">{t("operatorBookings.home.allBookings")}</Link>
        <Link to="/operatore/conferma-annullamento">{t("operatorBookings.changes.title")}</Link>
      </div>
    </>
  );
}
