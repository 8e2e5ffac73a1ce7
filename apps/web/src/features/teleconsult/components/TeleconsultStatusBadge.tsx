import { BOOKING_STATUS_COLOURS, type BookingStatus } from "@cura/domain";
import { useTranslation } from "react-i18next";

/** A teleconsultation's status in the words of the teleconsultation (waiting, taken, ended…). */
export function TeleconsultStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge bg-${BOOKING_STATUS_COLOURS[status]}`} data-testid="teleconsult-status">
      {t(`teleconsult.status.${status}`)}
    </span>
  );
}
