import type { TBooking } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { bookingDetailPath } from "../sections.ts";
import { BookingStatusBadge } from "./BookingStatusBadge.tsx";
import { bookingTitle, bookingWhen } from "./booking-text.ts";

/** A booking in a short list (the home dashboard): a link to its detail, where, when, status. */
export function BookingRow({ booking, when }: { booking: TBooking; when?: string }) {
  const { t } = useTranslation();
  return (
    <li className="mb-2" data-testid="booking-row">
      <Link to={bookingDetailPath(booking.hashid)} className="fw-semibold">
        {bookingTitle(booking, t)}
      </Link>{" "}
      <BookingStatusBadge status={booking.status} />
      <div className="small">
        {booking.company.name} · {when ?? bookingWhen(booking, t)}
      </div>
    </li>
  );
}
