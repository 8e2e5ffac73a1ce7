import type { TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { useUpdateBookingNotes } from "../api/booking-actions.ts";
import { notesEditable } from "../notes-rule.ts";

const MAX_NOTES = 2000;

/**
 * The booking's notes (spec 001 §5): the citizen's own, editable until the appointment time and then
 * read-only; the company's notes, always read-only here. The server has the last word (409 once the
 * time has passed): its message shows under the field.
 */
export function BookingNotes({ booking, now }: { booking: TBooking; now?: Date }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const fieldId = useId();
  const save = useUpdateBookingNotes(booking.hashid);
  const [value, setValue] = useState(booking.notes ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(booking.notes ?? ""), [booking.notes]);
  const editable = notesEditable(booking, now);
  const changed = value.trim() !== (booking.notes ?? "");

  return (
    <section aria-labelledby="booking-notes-title" className="mb-4">
      <h2 id="booking-notes-title" className="h4">
        {t("bookings.notes.title")}
      </h2>
      {editable ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            const trimmed = value.trim();
            save.mutate(trimmed ? trimmed : null, {
              onSuccess: () => alerts.success(t("bookings.notes.saved")),
              onError: (e) => {
                const fieldMessage = isApiError(e) ? e.errors.notes?.join(" ") : undefined;
                setError(fieldMessage ?? (isApiError(e) ? e.message : t("errors.unexpected")));
              },
            });
          }}
        >
          {/* Bootstrap Italia lifts an active label above its field: room for it under the heading. */}
          <div className="form-group mt-5">
            <label htmlFor={fieldId} className="active">
              {t("bookings.notes.yours")}
            </label>
            <textarea
              id={fieldId}
              className={`form-control${error ? " is-invalid" : ""}`}
              rows={4}
              maxLength={MAX_NOTES}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ""}`}
              onChange={(event) => setValue(event.target.value)}
            />
            <small id={`${fieldId}-hint`} className="form-text">
              {t("bookings.notes.editableUntil")}
            </small>
            {error ? (
              <div id={`${fieldId}-error`} className="invalid-feedback d-block" role="alert">
                {error}
              </div>
            ) : null}
          </div>
          <Button type="submit" color="primary" size="sm" disabled={save.isPending || !changed}>
            {t("bookings.notes.save")}
          </Button>
        </form>
      ) : (
        <div data-testid="booking-notes-readonly">
          <h3 className="h6">{t("bookings.notes.yours")}</h3>
          <p style={{ whiteSpace: "pre-wrap" }}>{booking.notes || t("bookings.notes.none")}</p>
          <p className="small text-muted">{t("bookings.notes.locked")}</p>
        </div>
      )}
      <h3 className="h6 mt-3">{t("bookings.notes.operator")}</h3>
      <p className="mb-0" style={{ whiteSpace: "pre-wrap" }}>
        {booking.operator_notes || t("bookings.notes.none")}
      </p>
    </section>
  );
}
