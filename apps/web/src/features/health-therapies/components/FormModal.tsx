import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";

/**
 * The add/change dialog of the health-file sections (pathologies, exemptions): a titled form, the
 * server's message when it names no field (field errors sit under their fields), cancel and save.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  pending,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} centered size="lg" trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
          {title}
        </ModalHeader>
        <ModalBody>
          {children}
          {isApiError(error) && Object.keys(error.errors).length === 0 ? (
            <FormMessage kind="error">{error.message}</FormMessage>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={onClose} disabled={pending}>
            {t("healthTherapies.actions.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={pending}>
            {t("healthTherapies.actions.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
