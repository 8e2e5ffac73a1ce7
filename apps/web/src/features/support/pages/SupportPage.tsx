import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SupportRequestForm } from "../components/SupportRequestForm.tsx";

/** The support request page (spec 001 §2 screens 4 and 22), also the chat-bot's fallback link. */
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
