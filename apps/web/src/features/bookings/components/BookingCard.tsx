import type { TBooking } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { bookingDetailPath } from "../sections.ts";
import { BookingStatusBadge } from "./BookingStatusBadge.tsx";
import { bookingForWhom, bookingTitle, bookingWhen } from "./booking-text.ts";

/** One booking in a list: what, where, for whom, when, its status, and the way to its detail. */
export function BookingCard({ booking, headingLevel = 2 }: { booking: TBooking; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = bookingTitle(booking, t);
  const headingId = `booking-${booking.hashid}`;
  return (
    <article className="card card-bg mb-3 p-3" aria-labelledby={headingId} data-testid="booking-card">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <Heading id={headingId} className="h5 mb-1">
          {title}
        </Heading>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="row mb-2 small">
        <dt className="col-sm-4">{t("bookings.fields.company")}</dt>
        <dd className="col-sm-8">{booking.company.name}</dd>
        <dt className="col-sm-4">{t("bookings.fields.forWhom")}</dt>
        <dd className="col-sm-8">{bookingForWhom(booking, t)}</dd>
        <dt className="col-sm-4">{t("bookings.fields.when")}</dt>
        <dd className="col-sm-8">{bookingWhen(booking, t)}</dd>
      </dl>
      {booking.status === "in_attesa" ? <p className="small fw-semibold mb-2">{t("bookings.answerNeeded")}</p> : null}
      <Link to={bookingDetailPath(booking.hashid)} aria-label={t("bookings.openDetailOf", { name: title })}>
        {t("bookings.openDetail")}
      </Link>
    </article>
  );
}
