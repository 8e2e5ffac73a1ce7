import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

/** A modal with a title, its content and a Close button: information, or a form that closes it itself. */
export interface InfoModalProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "sm" | "lg";
}

export function InfoModal({ isOpen, title, onClose, children, size }: InfoModalProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} toggle={onClose} labelledBy={titleId} size={size} scrollable trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {title}
      </ModalHeader>
      <ModalBody>{children}</ModalBody>
      <ModalFooter>
        <Button color="primary" type="button" onClick={onClose}>
          {t("common.close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
