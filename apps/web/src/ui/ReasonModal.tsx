import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type ReactNode, useId, useState } from "react";
import { RadioGroup } from "./form.tsx";

export interface ReasonModalProps {
  isOpen: boolean;
  title: string;
  intro?: ReactNode;
  /** The reasons' group: its legend and the radio inputs' name. */
  legend: string;
  name: string;
  reasons: ReadonlyArray<{ value: number; label: string }>;
  /** Shown when confirming without a reason. */
  requiredMessage: string;
  keepLabel: string;
  confirmLabel: string;
  busy: boolean;
  /** The server's answer (e.g. a 409 when the booking changed meanwhile). */
  error: string | null;
  onConfirm: (reason: number) => void;
  onClose: () => void;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}

/**
 * A decision that needs a reason (a citizen's cancellation, an operator's refusal): nothing is sent
 * until one is chosen. Keyboard reachable, focus kept inside, returned to the opener on close.
 */
export function ReasonModal({
  isOpen,
  title,
  intro,
  legend,
  name,
  reasons,
  requiredMessage,
  keepLabel,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  onClosed,
}: ReasonModalProps) {
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
          legend={legend}
          name={name}
          value={reason}
          options={reasons.map((r) => ({ value: String(r.value), label: r.label }))}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          {...(missing ? { error: requiredMessage } : {})}
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
          {keepLabel}
        </Button>
        <Button color="danger" type="button" onClick={submit} disabled={busy}>
          {confirmLabel}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
