import { useTranslation } from "react-i18next";
import { AppIcon } from "../../ui/AppIcon.tsx";
import { InfoModal } from "../../ui/InfoModal.tsx";
import { BRAND, telHref } from "../brand.ts";

/** The call-support modal: phone, mail and hours from the brand (spec 000 §1, §2.12). */
export function SupportModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { phone, email } = BRAND.support;
  return (
    <InfoModal isOpen={isOpen} onClose={onClose} title={t("support.title")}>
      <p>{t("support.intro")}</p>
      <ul className="list-unstyled mb-3">
        <li className="mb-2">
          <AppIcon icon="it-telephone" size="sm" className="me-2" />
          <span>{t("support.phone")}: </span>
          <a href={telHref(phone)}>{phone}</a>
        </li>
        <li className="mb-2">
          <AppIcon icon="it-mail" size="sm" className="me-2" />
          <span>{t("support.email")}: </span>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
        <li>
          <AppIcon icon="it-clock" size="sm" className="me-2" />
          <span>{t("support.hoursLabel")}: </span>
          <span>{t("support.hours")}</span>
        </li>
      </ul>
    </InfoModal>
  );
}
