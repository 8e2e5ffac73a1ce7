import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SupportRequestForm } from "../components/SupportRequestForm.tsx";

/**
 * The support request page (spec 001 §2 screen 22), the chat-bot's fallback link and the
 * administrators' menu entry; the citizens' and operators' menu opens the same form in a modal
 * (screen 4, components/SupportRequestModal.tsx).
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const area = useLocation().pathname.split("/")[1] ?? "cittadino";
  return (
    <div>
      <h1 className="mb-3">{t("supportRequest.title")}</h1>
      <p>{t("supportRequest.intro")}</p>
      <p>
        <Link to={`/${area}/manuali`}>{t("supportRequest.manualsLink")}</Link>
      </p>
      <SupportRequestForm />
    </div>
  );
}
