import { BOOKING_STATUS_COLOURS, type BookingStatus } from "@cura/domain";
import { useTranslation } from "react-i18next";

/** The status in words, in its colour (spec 001 §4 "Booking statuses (with colours)"). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge bg-${BOOKING_STATUS_COLOURS[status]}`} data-testid="booking-status">
      {t(`bookings.status.${status}`)}
    </span>
  );
}
