import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { HealthFileTabs } from "./HealthFileTabs.tsx";

/**
 * The health tabs of the operator's patient card (`pazienti/scheda/{hash}?sezione=…`): the card's own
 * path stays the spec's, the section rides in the query so a tab can be linked and reloaded.
 */
export default function PatientHealthFile({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const section = params.get("sezione") ?? undefined;
  return (
    <section aria-labelledby="patient-health-file" className="mb-4">
      <h2 id="patient-health-file" className="h4">
        {t("healthFile.patientTitle")}
      </h2>
      <HealthFileTabs
        area="operatore"
        patientHash={hash}
        section={section}
        action={params.get("azione") ?? undefined}
        linkTo={(s) => `/operatore/pazienti/scheda/${hash}?sezione=${s}`}
      />
    </section>
  );
}
