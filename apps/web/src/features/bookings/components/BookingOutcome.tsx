import type { TBooking } from "@cura/domain";
import { useTranslation } from "react-i18next";

/** Why a booking ended: the company's refusal reason (1–4) or the citizen's cancellation reason (1–2), in words. */
export function BookingOutcome({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  if (booking.status === "rifiutato") {
    const reason = booking.refusal_reason;
    return (
      <div className="alert alert-danger" data-testid="booking-outcome">
        <p className="fw-semibold mb-1">{t("bookings.outcome.refused")}</p>
        <p className="mb-0">
          {reason === 1 || reason === 2 || reason === 3 || reason === 4
            ? t(`bookings.refusalReasons.${reason}`)
            : t("bookings.outcome.noReason")}
        </p>
      </div>
    );
  }
  if (booking.status === "annullato") {
    const reason = booking.cancellation_reason;
    return (
      <div className="alert alert-secondary" data-testid="booking-outcome">
        <p className="fw-semibold mb-1">{t("bookings.outcome.cancelled")}</p>
        <p className="mb-0">
          {reason === 1 || reason === 2
            ? t(`bookings.cancellationReasons.${reason}`)
            : t("bookings.outcome.proposalRejected")}
        </p>
      </div>
    );
  }
  return null;
}
