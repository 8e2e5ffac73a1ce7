import { CANCELLATION_REASONS } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "../../../ui/form.tsx";

const REASONS = Object.keys(CANCELLATION_REASONS).map(Number) as (keyof typeof CANCELLATION_REASONS)[];

/**
 * Cancelling a booking asks why (spec 001 §4: reasons 1–2). Nothing is sent until a reason is chosen.
 * `error` is the server's answer (a 409 when the booking changed meanwhile).
 */
export function CancelBookingModal({
  isOpen,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason("");
    setMissing(false);
    onClose();
  };
  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    onConfirm(Number(reason));
  };
  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2">
        {t("bookings.cancel.title")}
      </ModalHeader>
      <ModalBody>
        <p>{t("bookings.cancel.body")}</p>
        <RadioGroup
          legend={t("bookings.cancel.reasonLegend")}
          name="cancellation-reason"
          value={reason}
          options={REASONS.map((r) => ({ value: String(r), label: t(`bookings.cancellationReasons.${r}`) }))}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          {...(missing ? { error: t("bookings.cancel.reasonRequired") } : {})}
          disabled={busy}
        />
        {error ? (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={close} disabled={busy}>
          {t("bookings.cancel.keep")}
        </Button>
        <Button color="danger" type="button" onClick={submit} disabled={busy}>
          {t("bookings.cancel.confirm")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
