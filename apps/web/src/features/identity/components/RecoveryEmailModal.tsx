import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useForgetPasswordByEmail } from "../api/password-forget.ts";

/** Spec 000 §5: the modal sends only when the text has '@' after its first character. */
export function canSendRecovery(text: string): boolean {
  return text.trim().indexOf("@") >= 1;
}

/**
 * Password recovery by e-mail in a modal (spec 000 §2.3, §2.8): the login page offers it, and so
 * does the password change when the current password is wrong.
 */
export function RecoveryEmailModal({
  isOpen,
  onClose,
  initialEmail = "",
}: {
  isOpen: boolean;
  onClose: () => void;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const forget = useForgetPasswordByEmail();
  const [email, setEmail] = useState(initialEmail);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (isOpen) {
      setEmail(initialEmail);
      setOutcome(null);
    }
  }, [isOpen, initialEmail]);

  const send = async () => {
    setOutcome(null);
    try {
      await forget.mutateAsync(email.trim());
      setOutcome({ ok: true, text: t("recovery.mailSent") });
    } catch (error) {
      const invalid = isApiError(error) && error.status === 422;
      setOutcome({ ok: false, text: invalid ? t("recovery.emailInvalid") : t("errors.unexpected") });
    }
  };

  return (
    <Modal isOpen={isOpen} toggle={onClose} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSendRecovery(email) && !forget.isPending) void send();
        }}
      >
        <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
          {t("recovery.modalTitle")}
        </ModalHeader>
        <ModalBody>
          <p>{t("recovery.byEmailText")}</p>
          <TextField
            label={t("recovery.email")}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {outcome ? (
            <FormMessage kind={outcome.ok ? "success" : "error"} testId="recovery-modal-outcome">
              {outcome.text}
            </FormMessage>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={onClose}>
            {t("common.close")}
          </Button>
          <Button color="primary" type="submit" disabled={!canSendRecovery(email) || forget.isPending}>
            {t("recovery.send")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
