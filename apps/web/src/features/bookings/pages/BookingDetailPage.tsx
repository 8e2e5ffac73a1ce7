import { bookingMessagesClosed } from "@cura/domain/booking-states";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { BookingMessages } from "../../booking-messages/components/BookingMessages.tsx";
import { useBookingDetail } from "../api/booking-detail.ts";
import { BookingActions } from "../components/BookingActions.tsx";
import { BookingDownloads } from "../components/BookingDownloads.tsx";
import { BookingHistory } from "../components/BookingHistory.tsx";
import { BookingNotes } from "../components/BookingNotes.tsx";
import { BookingOutcome } from "../components/BookingOutcome.tsx";
import { BookingStatusBadge } from "../components/BookingStatusBadge.tsx";
import { BookingSummary } from "../components/BookingSummary.tsx";
import { bookingTitle } from "../components/booking-text.ts";
import { bookingsListPath, sectionOf } from "../sections.ts";

/**
 * /cittadino/appuntamenti/dettaglio/:hashid: one booking, its status, the company's proposal to
 * answer, the citizen's actions, notes and downloads.
 */
export default function BookingDetailPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  const detail = useBookingDetail(hashid);

  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <div>
        <h1 className="mb-4">{t("bookings.detail.title")}</h1>
        <FormMessage kind="error">{notFound ? t("bookings.detail.notFound") : detail.error.message}</FormMessage>
        <Link to={bookingsListPath()}>{t("bookings.detail.backToList")}</Link>
      </div>
    );
  }
  const booking = detail.data;
  return (
    <div>
      <p>
        <Link to={bookingsListPath(sectionOf(booking.status), booking.kind)}>{t("bookings.detail.backToList")}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <h1 className="mb-0">{bookingTitle(booking, t)}</h1>
        <BookingStatusBadge status={booking.status} />
      </div>
      <BookingOutcome booking={booking} />
      <BookingActions booking={booking} />
      <section aria-labelledby="booking-summary-title" className="mb-4">
        <h2 id="booking-summary-title" className="h4">
          {t("bookings.detail.summary")}
        </h2>
        <BookingSummary booking={booking} />
        <BookingDownloads booking={booking} />
      </section>
      <BookingNotes booking={booking} />
      {/* The booking's messages with the company (feature booking-messages). */}
      <BookingMessages
        bookingHashid={booking.hashid}
        closedNote={bookingMessagesClosed(booking) ? t("bookingMessages.teleconsultEnded") : undefined}
      />
      <BookingHistory bookingHashid={booking.hashid} />
    </div>
  );
}
