import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { RowAction } from "../../../ui/RowAction.tsx";
import { downloadFile, useReports } from "../api/records.ts";
import { formatDay } from "../format.ts";
import { QueryState } from "./Loading.tsx";

/** A list of clinical reports; the operator's view shows whether the patient downloaded each one. */
export function ReportList({
  patientHash,
  showDownloadState,
  discharge,
  showPatient = false,
}: {
  patientHash: string | null;
  showDownloadState: boolean;
  discharge?: boolean;
  showPatient?: boolean;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const reports = useReports(patientHash, discharge);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  return (
    <section aria-labelledby="report-list-title">
      <h2 id="report-list-title" className="h4">
        {t("healthFile.reports.title")}
      </h2>
      <QueryState pending={reports.isPending} error={reports.error} />
      {reports.data?.data.length === 0 ? (
        <p>{discharge ? t("healthFile.discharge.empty") : t("healthFile.reports.empty")}</p>
      ) : null}
      {reports.data && reports.data.data.length > 0 ? (
        <ul className="list-group" data-testid="clinical-reports">
          {reports.data.data.map((report) => (
            <li
              key={report.id}
              className="list-group-item d-flex flex-wrap justify-content-between gap-2"
              data-testid="clinical-report"
            >
              <span>
                <span className="fw-semibold">{report.title}</span>
                {report.discharge ? (
                  <span className="badge bg-secondary ms-2">{t("healthFile.reports.discharge")}</span>
                ) : null}
                {showPatient && report.patient_name ? (
                  <span className="d-block small">
                    {t("healthFile.reports.patient")}: {report.patient_name}
                  </span>
                ) : null}
                <span className="d-block small text-muted">
                  {report.kind === "firmato"
                    ? t("healthFile.reports.signed", {
                        name: report.author ?? "—",
                        register: report.register_id ?? "—",
                        date: formatDay(report.signed_at ?? report.created_at),
                      })
                    : t("healthFile.reports.uploaded", {
                        company: report.company ?? "—",
                        date: formatDay(report.created_at),
                      })}
                </span>
                {showDownloadState ? (
                  <span
                    className={`badge ${report.downloaded_at ? "bg-success" : "bg-warning text-dark"}`}
                    data-testid="download-state"
                  >
                    {report.downloaded_at ? t("healthFile.reports.downloaded") : t("healthFile.reports.notDownloaded")}
                  </span>
                ) : null}
              </span>
              <span>
                <RowAction
                  label={t("healthFile.reports.downloadOf", { title: report.title })}
                  onClick={() => downloadFile(report.url, `${report.title}.pdf`).catch(fail)}
                >
                  {t("healthFile.reports.download")}
                </RowAction>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
