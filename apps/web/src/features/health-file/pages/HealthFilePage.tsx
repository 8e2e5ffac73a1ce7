import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { HealthFileTabs } from "../components/HealthFileTabs.tsx";

/** The citizen's `profilosanitario/{section}/{action?}` (spec 001 §2; opens on archivio). */
export default function HealthFilePage() {
  const { t } = useTranslation();
  const { section, action } = useParams();
  return (
    <div>
      <h1 className="mb-3">{t("healthFile.title")}</h1>
      <HealthFileTabs
        area="cittadino"
        patientHash={null}
        section={section}
        action={action}
        linkTo={(s) => `/cittadino/profilosanitario/${s}`}
      />
    </div>
  );
}
