import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { downloadFillPdf, downloadFillsXls, useFills } from "../api/fills.ts";
import { useSurvey } from "../api/surveys.ts";
import { formatInstant } from "../format.ts";

/** A survey's fills for its company's managers: each as PDF, all as XLS (a row per fill). */
export function FillsSection({ survey }: { survey: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const details = useSurvey(survey);
  const list = useFills(survey, page);
  const rows = list.data?.data ?? [];
  const name = details.data?.name ?? "";

  const download = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("surveys.fills.downloadError"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="fills-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="fills-title" className="h3 m-0">
          {t("surveys.fills.title", { name })}
        </h2>
        <Link to="/operatore/attivita/questionari">{t("surveys.editor.back")}</Link>
      </div>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? (
        <FormMessage kind="error">{isApiError(list.error) ? list.error.message : t("surveys.loadError")}</FormMessage>
      ) : null}
      {list.isSuccess && rows.length === 0 ? <p>{t("surveys.fills.empty")}</p> : null}
      {rows.length > 0 ? (
        <>
          <Button
            type="button"
            color="primary"
            outline
            className="mb-3"
            disabled={busy !== null}
            onClick={() => download("xls", () => downloadFillsXls(survey))}
          >
            {t("surveys.fills.xls")}
          </Button>
          <div className="table-responsive">
            <table className="table" data-testid="fills-table">
              <caption className="visually-hidden">{t("surveys.fills.title", { name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("surveys.fills.date")}</th>
                  <th scope="col">{t("surveys.person")}</th>
                  <th scope="col">{t("surveys.fills.code")}</th>
                  <th scope="col">{t("surveys.fills.score")}</th>
                  <th scope="col">{t("surveys.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((f) => (
                  <tr key={f.hashid}>
                    <td>{formatInstant(f.created_at)}</td>
                    <td>
                      {/* A session's fill about no one known: its pseudonym, or that it is anonymous. */}
                      {f.user
                        ? (f.user.name ?? "—")
                        : f.session?.pseudonym
                          ? t("surveys.fills.pseudonym", { pseudonym: f.session.pseudonym })
                          : t("surveys.fills.anonymous")}
                    </td>
                    <td>{f.hashid}</td>
                    <td>{f.score === null ? "—" : `${f.score}${f.score_band ? ` (${f.score_band})` : ""}`}</td>
                    <td>
                      <RowAction
                        label={t("surveys.fills.pdfOf", { date: formatInstant(f.created_at) })}
                        disabled={busy !== null}
                        onClick={() => download(f.hashid, () => downloadFillPdf(f.hashid))}
                      >
                        {t("surveys.fills.pdf")}
                      </RowAction>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {list.data ? (
        <Pager
          page={page}
          perPage={list.data.meta.per_page}
          total={list.data.meta.total}
          onPage={setPage}
          label={t("surveys.fills.title", { name })}
        />
      ) : null}
    </section>
  );
}
