import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";
import { useServiceSlots } from "../api/service-slots.ts";
import { formatLocalDate, todayInRome } from "../format.ts";

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

export interface SlotPickerLabels {
  title: string;
  body: string;
  /** The date field: the day shown, or the first of the days shown. */
  date: string;
  noSlots: string;
  slotRequired: string;
  keep: string;
  confirm: string;
}

/**
 * Another date and time for a booking: a free slot of the same health service, `spanDays` days at a
 * time from a chosen day. The citizen asks for it (a week at a time), the operator proposes it (a day).
 */
export function SlotPickerModal({
  isOpen,
  service,
  spanDays,
  labels,
  busy,
  error,
  onConfirm,
  onClose,
  onClosed,
}: {
  isOpen: boolean;
  /** The health service's hashid. */
  service: string | null;
  spanDays: number;
  labels: SlotPickerLabels;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [from, setFrom] = useState(() => todayInRome());
  const [start, setStart] = useState("");
  const [missing, setMissing] = useState(false);
  const validFrom = /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : todayInRome();
  const slots = useServiceSlots(service ?? "", validFrom, addDays(validFrom, spanDays - 1), isOpen && service !== null);
  const days = (slots.data?.days ?? [])
    .map((day) => ({ ...day, slots: day.slots.filter((s) => s.available === null || s.available > 0) }))
    .filter((day) => day.slots.length > 0);
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
      {...(onClosed ? { onClosed } : {})}
    >
      <ModalHeader id={titleId} tag="h2">
        {labels.title}
      </ModalHeader>
      <ModalBody>
        <p>{labels.body}</p>
        <TextField
          wrapperClassName="mt-5"
          type="date"
          label={labels.date}
          value={from}
          min={todayInRome()}
          onChange={(event) => {
            setFrom(event.target.value);
            setStart("");
          }}
        />
        {slots.isFetching ? <p role="status">{t("common.loading")}</p> : null}
        {slots.isError ? (
          <div className="alert alert-danger" role="alert">
            {slots.error.message}
          </div>
        ) : null}
        {slots.isSuccess && days.length === 0 ? <p>{labels.noSlots}</p> : null}
        {days.map((day) => (
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
                      name={`${titleId}-slot`}
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
            {labels.slotRequired}
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
          {labels.keep}
        </Button>
        <Button color="primary" type="button" onClick={submit} disabled={busy}>
          {labels.confirm}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
