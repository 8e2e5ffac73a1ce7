import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { operatorActions, useOperatorAction } from "../api/booking.ts";

/**
 * The operator's notes of a booking: editable until the appointment time (release notes), then
 * read-only; the citizen is told of the change.
 */
export function OperatorNotes({
  hashid,
  notes,
  editable,
}: {
  hashid: string;
  notes: string | null;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(notes ?? "");
  const save = useOperatorAction((text: string) => operatorActions.notes(hashid, text.trim() ? text : null));
  if (!editable) {
    return (
      <div>
        <h3 className="h6">{t("operatorBookings.notes.label")}</h3>
        <p className="mb-0">{notes || t("operatorBookings.notes.none")}</p>
        <p className="small text-secondary">{t("operatorBookings.notes.locked")}</p>
      </div>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <div className="form-group mb-2">
        <label htmlFor={id} className="active">
          {t("operatorBookings.notes.label")}
        </label>
        <textarea
          id={id}
          className="form-control"
          rows={3}
          maxLength={2000}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-outline-primary btn-sm" disabled={save.isPending}>
        {t("operatorBookings.notes.save")}
      </button>
      {save.isSuccess ? <FormMessage kind="success">{t("operatorBookings.notes.saved")}</FormMessage> : null}
      {save.isError ? (
        <FormMessage kind="error">{isApiError(save.error) ? save.error.message : t("errors.unexpected")}</FormMessage>
      ) : null}
    </form>
  );
}
