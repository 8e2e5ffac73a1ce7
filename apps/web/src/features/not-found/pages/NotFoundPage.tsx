import { useTranslation } from "react-i18next";
import { BackButton } from "../../../ui/BackButton.tsx";

/** Any unknown path (spec 000 §2.10): 'Pagina non trovata' with a back button. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="py-4">
      <h1 className="mb-3">{t("notFound.title")}</h1>
      <p className="lead">{t("notFound.message")}</p>
      <BackButton className="btn btn-primary mt-3" />
    </div>
  );
}
