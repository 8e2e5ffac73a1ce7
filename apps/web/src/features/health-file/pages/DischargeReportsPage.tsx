import { useTranslation } from "react-i18next";
import { ReportList } from "../components/ReportList.tsx";

/** `pazienti/referti/dimissioni` (spec 002 §2): the company's discharge reports, with their download state. */
export default function DischargeReportsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="mb-3">{t("healthFile.dischargeTitle")}</h1>
      <p className="text-muted">{t("healthFile.discharge.hint")}</p>
      <ReportList patientHash={null} discharge showDownloadState showPatient />
    </div>
  );
}
