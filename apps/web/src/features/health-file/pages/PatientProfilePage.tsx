import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BackButton } from "../../../ui/BackButton.tsx";
import { HealthFileTabs } from "../components/HealthFileTabs.tsx";

/**
 * `pazienti/profilo/{hash}` (spec 002 §2 "Patient profile"): the patient's health file on its own page,
 * with a link back to the card (the card itself belongs to the patients feature).
 */
export default function PatientProfilePage() {
  const { t } = useTranslation();
  const { hash = "" } = useParams();
  return (
    <div>
      <div className="mb-3 d-flex gap-3 align-items-center">
        <BackButton />
        <Link to={`/operatore/pazienti/scheda/${encodeURIComponent(hash)}`}>{t("healthFile.profile.card")}</Link>
      </div>
      <h1 className="mb-3">{t("healthFile.profileTitle")}</h1>
      <HealthFileTabs
        area="operatore"
        patientHash={hash}
        section={undefined}
        linkTo={(s) => `/operatore/pazienti/scheda/${encodeURIComponent(hash)}?sezione=${s}`}
      />
    </div>
  );
}
