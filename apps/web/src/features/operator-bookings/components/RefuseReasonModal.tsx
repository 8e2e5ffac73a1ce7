import { REFUSAL_REASONS } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroup } from "../../../ui/form.tsx";

const REASONS = Object.keys(REFUSAL_REASONS) as Array<"1" | "2" | "3" | "4">;

/**
 * Refusing asks why (spec 001 §4: operator refusal reasons 1–4), for one booking, a change request
 * or a bulk selection. Nothing is sent until a reason is chosen; `error` is the server's answer.
 */
export function RefuseReasonModal({
  isOpen,
  title,
  intro,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  onClosed,
}: {
  isOpen: boolean;
  title: string;
  intro?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: number) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
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
        {title}
      </ModalHeader>
      <ModalBody>
        {intro ? <div className="mb-3">{intro}</div> : null}
        <RadioGroup
          legend={t("operatorBookings.refuse.reasonLegend")}
          name="refusal-reason"
          value={reason}
          options={REASONS.map((r) => ({ value: r, label: t(`bookings.refusalReasons.${r}`) }))}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          {...(missing ? { error: t("operatorBookings.refuse.reasonRequired") } : {})}
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
          {t("operatorBookings.refuse.keep")}
        </Button>
        <Button color="danger" type="button" onClick={submit} disabled={busy}>
          {confirmLabel}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
