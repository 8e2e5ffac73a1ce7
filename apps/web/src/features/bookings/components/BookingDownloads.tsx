import type { TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { type BookingFileKind, downloadBookingFile } from "../api/booking-files.ts";

/** A cancelled or refused appointment is not one to add to a calendar. */
const NO_CALENDAR = new Set(["annullato", "rifiutato"]);

/** The booking as a calendar event (.ics, once it has a time) and as a PDF summary. */
export function BookingDownloads({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [busy, setBusy] = useState<BookingFileKind | null>(null);
  const download = async (kind: BookingFileKind) => {
    setBusy(kind);
    try {
      await downloadBookingFile(booking.hashid, kind);
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="d-flex flex-wrap gap-2 mb-4">
      {booking.start && !NO_CALENDAR.has(booking.status) ? (
        <Button
          type="button"
          color="primary"
          outline
          size="sm"
          disabled={busy !== null}
          onClick={() => download("ics")}
        >
          {t("bookings.downloads.ics")}
        </Button>
      ) : null}
      <Button type="button" color="primary" outline size="sm" disabled={busy !== null} onClick={() => download("pdf")}>
        {t("bookings.downloads.pdf")}
      </Button>
    </div>
  );
}
