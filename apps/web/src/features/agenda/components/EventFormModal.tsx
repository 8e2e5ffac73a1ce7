import { type TAgendaEvent, type TAgendaEventBody, ZAgendaEventBody } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useDeleteEvent, useSaveEvent } from "../api/events.ts";

interface FormValues {
  name: string;
  place: string;
  date: string;
  time: string;
  notes: string;
}

const FIELDS = ["name", "place", "date", "time", "notes"] as const;

const toBody = (v: FormValues): TAgendaEventBody => ({
  name: v.name.trim(),
  place: v.place.trim(),
  date: v.date,
  time: v.time,
  notes: orNull(v.notes),
});

/**
 * Create, edit or delete an event (spec 001 §2 screen 11): name, place, date and time required,
 * notes optional. A modal dialog: focus stays inside, Escape closes it, focus returns to the opener.
 */
export function EventFormModal({
  isOpen,
  event,
  date,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  /** Null: a new event. */
  event: TAgendaEvent | null;
  /** The new event's date (the day clicked). */
  date: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useAppForm<FormValues>({
    values: {
      name: event?.name ?? "",
      place: event?.place ?? "",
      date: event?.date ?? date,
      time: event?.time ?? "09:00",
      notes: event?.notes ?? "",
    },
    resolver: schemaResolver(ZAgendaEventBody, toBody),
  });
  const { errors } = form.formState;
  const busy = save.isPending || remove.isPending;
  const fail = (error: unknown) => {
    const { placed, rest } = setServerErrors(error, form.setError, FIELDS);
    if (placed === 0) setFormError(rest[0] ?? (isApiError(error) ? error.message : t("errors.unexpected")));
  };
  const close = () => {
    setFormError(null);
    setConfirmDelete(false);
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { hashid: event?.hashid ?? null, body: toBody(values) },
      { onSuccess: () => onDone(t(event ? "agenda.updated" : "agenda.created")), onError: fail },
    );
  });

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {event ? t("agenda.editEvent") : t("agenda.newEvent")}
        </ModalHeader>
        <ModalBody>
          <TextField label={t("agenda.fields.name")} error={errors.name?.message} {...form.register("name")} />
          <TextField label={t("agenda.fields.place")} error={errors.place?.message} {...form.register("place")} />
          <div className="row">
            <TextField
              wrapperClassName="col-6"
              type="date"
              label={t("agenda.fields.date")}
              error={errors.date?.message}
              {...form.register("date")}
            />
            <TextField
              wrapperClassName="col-6"
              type="time"
              label={t("agenda.fields.time")}
              error={errors.time?.message}
              {...form.register("time")}
            />
          </div>
          <div className="form-group">
            <label htmlFor={`${titleId}-notes`} className="active">
              {`${t("agenda.fields.notes")} ${t("common.optional")}`}
            </label>
            <textarea
              id={`${titleId}-notes`}
              className={`form-control${errors.notes ? " is-invalid" : ""}`}
              rows={3}
              aria-invalid={errors.notes ? true : undefined}
              {...form.register("notes")}
            />
            {errors.notes ? <div className="invalid-feedback d-block">{errors.notes.message}</div> : null}
          </div>
          {confirmDelete ? (
            <FormMessage kind="warning">
              <p>{t("agenda.deleteBody", { name: event?.name ?? "" })}</p>
              <div className="d-flex gap-2">
                <Button type="button" color="secondary" outline size="sm" onClick={() => setConfirmDelete(false)}>
                  {t("agenda.keep")}
                </Button>
                <Button
                  type="button"
                  color="danger"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    event &&
                    remove.mutate(event.hashid, { onSuccess: () => onDone(t("agenda.deleted")), onError: fail })
                  }
                >
                  {t("agenda.confirmDelete")}
                </Button>
              </div>
            </FormMessage>
          ) : null}
          {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          {event && !confirmDelete ? (
            <Button type="button" color="danger" outline className="me-auto" onClick={() => setConfirmDelete(true)}>
              {t("agenda.delete")}
            </Button>
          ) : null}
          <Button color="secondary" outline type="button" onClick={close} disabled={busy}>
            {t("agenda.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={busy}>
            {t("agenda.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
