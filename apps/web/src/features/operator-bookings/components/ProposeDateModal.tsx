import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup, TextField } from "../../../ui/form.tsx";
import { useDaySlots } from "../api/booking.ts";
import { timeOf, todayInRome } from "../format.ts";

/**
 * The operator proposes another date and time: a free slot of the same health service, one day at
 * a time. The citizen must then accept or reject it (the booking waits: in attesa di risposta).
 */
export function ProposeDateModal({
  isOpen,
  service,
  busy,
  error,
  onConfirm,
  onClose,
  onClosed,
}: {
  isOpen: boolean;
  service: string | null;
  busy: boolean;
  error: string | null;
  onConfirm: (start: string) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [date, setDate] = useState(() => todayInRome());
  const [start, setStart] = useState("");
  const [missing, setMissing] = useState(false);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "";
  const slots = useDaySlots(isOpen ? service : null, validDate);
  const free = (slots.data?.days ?? []).flatMap((d) => d.slots).filter((s) => s.available === null || s.available > 0);
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
      trapFocus
      returnFocusAfterClose
      {...(onClosed ? { onClosed } : {})}
    >
      <ModalHeader id={titleId} tag="h2">
        {t("operatorBookings.propose.title")}
      </ModalHeader>
      <ModalBody>
        <p>{t("operatorBookings.propose.body")}</p>
        <TextField
          type="date"
          label={t("operatorBookings.propose.date")}
          value={date}
          min={todayInRome()}
          onChange={(event) => {
            setDate(event.target.value);
            setStart("");
          }}
        />
        {slots.isFetching ? <p role="status">{t("common.loading")}</p> : null}
        {slots.isError ? (
          <div className="alert alert-danger" role="alert">
            {slots.error.message}
          </div>
        ) : null}
        {slots.isSuccess && free.length === 0 ? <p>{t("operatorBookings.propose.noSlots")}</p> : null}
        {free.length > 0 ? (
          <RadioGroup
            legend={t("operatorBookings.propose.slots")}
            name="proposed-slot"
            value={start}
            options={free.map((s) => ({ value: s.start, label: `${timeOf(s.start)}–${timeOf(s.end)}` }))}
            onChange={(value) => {
              setStart(value);
              setMissing(false);
            }}
            {...(missing ? { error: t("operatorBookings.propose.slotRequired") } : {})}
            disabled={busy}
          />
        ) : null}
        {missing && free.length === 0 ? (
          <div className="invalid-feedback d-block">{t("operatorBookings.propose.slotRequired")}</div>
        ) : null}
        {error ? (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={close} disabled={busy}>
          {t("operatorBookings.refuse.keep")}
        </Button>
        <Button color="primary" type="button" onClick={submit} disabled={busy}>
          {t("operatorBookings.propose.confirm")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
