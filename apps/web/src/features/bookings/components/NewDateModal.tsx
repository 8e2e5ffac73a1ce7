import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";
import { useServiceSlots } from "../api/service-slots.ts";
import { formatLocalDate, todayInRome } from "../format.ts";

/** A week of slots from the chosen day. */
const WEEK_DAYS = 6;

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * Asking for another date and time (spec 001 §4): the citizen picks a free slot of the same
 * service, a week at a time from a chosen day; the request goes back to the company.
 */
export function NewDateModal({
  isOpen,
  service,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  /** The health service's hashid. */
  service: string;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [from, setFrom] = useState(() => todayInRome());
  const [start, setStart] = useState("");
  const [missing, setMissing] = useState(false);
  const validFrom = /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : todayInRome();
  const slots = useServiceSlots(service, validFrom, addDays(validFrom, WEEK_DAYS), isOpen);
  const close = () => {
    setStart("");
    setMissing(false);
    onClose();
  };
  const submit = () => {
    if (!start) {
      setMissing(true);
      return;
    }
    onConfirm(start);
  };
  return (
    <Modal
      isOpen={isOpen}
      toggle={close}
      labelledBy={titleId}
      centered
      scrollable
      size="lg"
      trapFocus
      returnFocusAfterClose
    >
      <ModalHeader id={titleId} tag="h2">
        {t("bookings.newDate.title")}
      </ModalHeader>
      <ModalBody>
        <p>{t("bookings.newDate.body")}</p>
        <TextField
          wrapperClassName="mt-5"
          type="date"
          label={t("bookings.newDate.from")}
          value={from}
          min={todayInRome()}
          onChange={(event) => {
            setFrom(event.target.value);
            setStart("");
          }}
        />
        {slots.isPending ? <p role="status">{t("common.loading")}</p> : null}
        {slots.isError ? (
          <div className="alert alert-danger" role="alert">
            {slots.error.message}
          </div>
        ) : null}
        {slots.data?.days.length === 0 ? <p>{t("bookings.newDate.noSlots")}</p> : null}
        {slots.data?.days.map((day) => (
          <fieldset key={day.date} className="mb-3">
            <legend className="h6 fw-semibold">{formatLocalDate(day.date)}</legend>
            <div className="d-flex flex-wrap gap-3">
              {day.slots.map((slot) => {
                const id = `${titleId}-${slot.start}`;
                return (
                  <div className="form-check mt-0" key={slot.start}>
                    <input
                      type="radio"
                      id={id}
                      name="new-date-slot"
                      value={slot.start}
                      checked={start === slot.start}
                      disabled={busy}
                      onChange={() => {
                        setStart(slot.start);
                        setMissing(false);
                      }}
                    />
                    <label htmlFor={id}>{`${slot.time}–${slot.end_time}`}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        {missing ? (
          <div className="invalid-feedback d-block" role="alert">
            {t("bookings.newDate.slotRequired")}
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={close} disabled={busy}>
          {t("bookings.newDate.close")}
        </Button>
        <Button color="primary" type="button" onClick={submit} disabled={busy}>
          {t("bookings.newDate.confirm")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
