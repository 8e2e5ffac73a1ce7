import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** 'Sessione Scaduta' (spec 000 §4), opened by IdleSession: closing it or pressing Accedi signs out. */
export function SessionExpiredModal({
  isOpen,
  busy,
  onSignOut,
}: {
  isOpen: boolean;
  busy: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal
      isOpen={isOpen}
      toggle={onSignOut}
      labelledBy={titleId}
      centered
      backdrop="static"
      trapFocus
      data-testid="session-expired"
    >
      <ModalHeader id={titleId} tag="h2" toggle={onSignOut} closeAriaLabel={t("common.close")}>
        {t("idle.title")}
      </ModalHeader>
      <ModalBody>
        <p className="mb-0">{t("idle.message")}</p>
      </ModalBody>
      <ModalFooter>
        <Button color="primary" type="button" onClick={onSignOut} disabled={busy}>
          {t("idle.signIn")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
