import type { TPatient } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { formatBirthday } from "../format.ts";

/** Who the patient is, as the card and the booking pages show it. */
export function PatientSummary({ patient, headingLevel = 1 }: { patient: TPatient; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const residence = [patient.address, patient.cap, patient.comune, patient.provincia].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="patient-name" className="mb-4">
      <Heading id="patient-name" className={headingLevel === 1 ? "mb-3" : "h3"}>
        {patient.surname} {patient.name}{" "}
        {patient.active ? null : <span className="badge bg-secondary">{t("patients.badges.archived")}</span>}
      </Heading>
      <dl className="row mb-0">
        <dt className="col-sm-3">{t("patients.fields.cf")}</dt>
        <dd className="col-sm-9">{patient.cf ?? "—"}</dd>
        <dt className="col-sm-3">{t("patients.fields.birthday")}</dt>
        <dd className="col-sm-9">{patient.birthday ? formatBirthday(patient.birthday) : "—"}</dd>
        <dt className="col-sm-3">{t("patients.fields.tel")}</dt>
        <dd className="col-sm-9">
          {patient.tel_number ? `${patient.prefix} ${patient.tel_number}` : "—"}{" "}
          {patient.tel_number && !patient.phone_verified ? (
            <span className="badge bg-warning text-dark">{t("patients.badges.phoneNotVerified")}</span>
          ) : null}
        </dd>
        <dt className="col-sm-3">{t("patients.fields.email")}</dt>
        <dd className="col-sm-9">{patient.email ?? "—"}</dd>
        <dt className="col-sm-3">{t("patients.fields.residence")}</dt>
        <dd className="col-sm-9">{residence || "—"}</dd>
      </dl>
    </section>
  );
}
