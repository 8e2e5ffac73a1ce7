import { useTranslation } from "react-i18next";
import { InfoModal } from "../../../ui/InfoModal.tsx";
import type { SupportRequestModalProps } from "../support-request.tsx";
import { SupportRequestForm } from "./SupportRequestForm.tsx";

/**
 * The support request in a modal (spec 001 §2 screen 4): the page's form, which closes the modal
 * whatever the outcome while the alert centre says which (§8). Closed, reactstrap unmounts the body,
 * so each opening starts from `initial` (the pre-filled variant) or from empty fields.
 */
export function SupportRequestModal({ isOpen, initial, onClose }: SupportRequestModalProps) {
  const { t } = useTranslation();
  return (
    <InfoModal isOpen={isOpen} onClose={onClose} title={t("supportRequest.title")}>
      <p>{t("supportRequest.intro")}</p>
      <SupportRequestForm prefill={initial} onDone={onClose} />
    </InfoModal>
  );
}
