import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type ReactNode, useId } from "react";

/**
 * A yes/no question in a modal dialog: keyboard reachable, focus kept inside while open (reactstrap's
 * Modal under design-react-kit), Escape and "cancel" close it, focus returns to the opener.
 */
export interface ConfirmModalProps {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  children?: ReactNode;
  /** Once the dialog has gone (after its transition), e.g. to place the focus when the opener is gone. */
  onClosed?: () => void;
}

export function ConfirmModal({
  isOpen,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
  children,
  onClosed,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal
      isOpen={isOpen}
      toggle={onCancel}
      labelledBy={titleId}
      centered
      trapFocus
      returnFocusAfterClose
      {...(onClosed ? { onClosed } : {})}
    >
      <ModalHeader id={titleId} tag="h2">
        {title}
      </ModalHeader>
      {children ? <ModalBody>{children}</ModalBody> : null}
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color="primary" type="button" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
