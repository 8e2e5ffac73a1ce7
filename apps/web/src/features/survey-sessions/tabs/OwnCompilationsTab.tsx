import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { Pager } from "../../../ui/Pager.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { QueryState } from "../../health-file/components/Loading.tsx";
import { formatDayTime } from "../../health-file/format.ts";
import type { HealthTabProps } from "../../health-file/types.ts";
import { downloadOwnFillPdf } from "../../surveys/api/fills.ts";
import { useOwnCompilations } from "../api/sessions.ts";

/**
 * The health file's "sessioni" section (spec 001 screen 20; spec 002 "In-clear patients see their own
 * compilations"): the compilations of in-clear survey sessions an operator ran with the citizen, with
 * their progress, score and signature, and each submitted questionnaire's answers as PDF (the
 * filler's own `survey/filled/pdf`: the fills are about her). Anonymous and pseudonymous ones are about no one and never
 * listed. The call serves the citizen's own only: a caregiver reading an assisted person's file is
 * told so rather than shown the caregiver's own.
 */
export default function OwnCompilationsTab({ patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const own = patientHash === null;
  const compilations = useOwnCompilations(page, own);
  const alerts = useAlerts();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (fill: string) => {
    setBusy(fill);
    try {
      await downloadOwnFillPdf(fill);
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("healthFile.sessions.pdfError"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="own-compilations-title">
      <h2 id="own-compilations-title" className="h4">
        {t("healthFile.sessions.title")}
      </h2>
      {own ? (
        <>
          <p className="text-muted">{t("healthFile.sessions.hint")}</p>
          <QueryState pending={compilations.isPending} error={compilations.error} />
          {compilations.data?.data.length === 0 ? <p>{t("healthFile.sessions.empty")}</p> : null}
          {compilations.data && compilations.data.data.length > 0 ? (
            <div className="table-responsive">
              <table className="table cura-stack-table" data-testid="own-compilations">
                <caption className="visually-hidden">{t("healthFile.sessions.title")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("healthFile.sessions.session")}</th>
                    <th scope="col">{t("healthFile.sessions.started")}</th>
                    <th scope="col">{t("healthFile.sessions.status")}</th>
                    <th scope="col">{t("healthFile.sessions.progress")}</th>
                    <th scope="col">{t("healthFile.sessions.score")}</th>
                    <th scope="col">{t("healthFile.sessions.signed")}</th>
                    <th scope="col">{t("healthFile.sessions.fills")}</th>
                  </tr>
                </thead>
                <tbody>
                  {compilations.data.data.map((c) => (
                    <tr key={c.hashid} data-testid="own-compilation">
                      <th scope="row">{c.session.name}</th>
                      <td data-label={t("healthFile.sessions.started")}>{formatDayTime(c.started_at)}</td>
                      <td data-label={t("healthFile.sessions.status")}>
                        {t(`healthFile.sessions.statuses.${c.status}`)}
                      </td>
                      <td data-label={t("healthFile.sessions.progress")}>
                        {t("healthFile.sessions.progressValue", {
                          done: c.progress.submitted,
                          total: c.progress.total,
                        })}
                      </td>
                      <td data-label={t("healthFile.sessions.score")}>{c.score ?? "—"}</td>
                      <td data-label={t("healthFile.sessions.signed")}>
                        {c.signed_at
                          ? formatDayTime(c.signed_at)
                          : c.signature_required
                            ? t("healthFile.sessions.notSigned")
                            : t("healthFile.sessions.noSignature")}
                      </td>
                      <td data-label={t("healthFile.sessions.fills")}>
                        {c.fills.length === 0 ? (
                          "—"
                        ) : (
                          <ul className="list-unstyled m-0">
                            {c.fills.map((f) => (
                              <li key={f.filled_survey.hashid} className="d-flex align-items-center gap-2 mb-1">
                                <span>{f.survey.name}</span>
                                <RowAction
                                  label={t("healthFile.sessions.pdfOf", {
                                    survey: f.survey.name,
                                    session: c.session.name,
                                  })}
                                  disabled={busy !== null}
                                  onClick={() => download(f.filled_survey.hashid)}
                                >
                                  {t("healthFile.sessions.pdf")}
                                </RowAction>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {compilations.data ? (
            <Pager
              page={page}
              total={compilations.data.meta.total}
              perPage={compilations.data.meta.per_page}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : (
        <p>{t("healthFile.sessions.ownOnly")}</p>
      )}
    </section>
  );
}
