import type { TSurveySummary } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { useSetSurveyActive, useSurveys } from "../api/surveys.ts";

const BASE = "/operatore/attivita/questionari";

/**
 * The surveys enabled for the company: everyone with either permission fills an active one for a
 * patient; managers also build new ones, edit, switch them on and off and read their fills.
 */
export function SurveysSection({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [page, setPage] = useState(1);
  const list = useSurveys(page);
  const active = useSetSurveyActive();
  const rows = list.data?.data ?? [];

  const toggle = (survey: TSurveySummary) =>
    active.mutate(
      { hashid: survey.hashid, active: !survey.active },
      {
        onSuccess: (saved) =>
          alerts.success(
            t(saved.active ? "surveys.surveys.activated" : "surveys.surveys.deactivated", { name: saved.name }),
          ),
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
      },
    );

  return (
    <section aria-labelledby="surveys-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="surveys-title" className="h3 m-0">
          {t("surveys.surveys.title")}
        </h2>
        {manages ? (
          <Link to={`${BASE}/nuovo`} className="btn btn-primary">
            {t("surveys.surveys.new")}
          </Link>
        ) : null}
      </div>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage kind="error">{t("surveys.loadError")}</FormMessage> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t("surveys.surveys.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table" data-testid="surveys-table">
            <caption className="visually-hidden">{t("surveys.surveys.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("surveys.surveys.name")}</th>
                <th scope="col">{t("surveys.surveys.activity")}</th>
                <th scope="col">{t("surveys.surveys.questions")}</th>
                <th scope="col">{t("surveys.surveys.state")}</th>
                <th scope="col">{t("surveys.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.hashid}>
                  <td>
                    <span className="fw-semibold">{s.name}</span>
                    {s.description ? <div className="small">{s.description}</div> : null}
                  </td>
                  <td>{s.activity.name}</td>
                  <td>{s.questions_count}</td>
                  <td>{t(s.active && s.status === "attivo" ? "surveys.surveys.on" : "surveys.surveys.off")}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      {s.active && s.status === "attivo" ? (
                        <Link
                          to={`${BASE}/compila/${s.hashid}`}
                          className="btn btn-outline-primary btn-xs"
                          aria-label={t("surveys.surveys.fillOf", { name: s.name })}
                        >
                          {t("surveys.surveys.fill")}
                        </Link>
                      ) : null}
                      {manages ? (
                        <>
                          <Link
                            to={`${BASE}/modifica/${s.hashid}`}
                            className="btn btn-outline-primary btn-xs"
                            aria-label={t("surveys.surveys.editOf", { name: s.name })}
                          >
                            {t("surveys.edit")}
                          </Link>
                          <Link
                            to={`${BASE}/compilazioni/${s.hashid}`}
                            className="btn btn-outline-primary btn-xs"
                            aria-label={t("surveys.surveys.fillsOf", { name: s.name })}
                          >
                            {t("surveys.surveys.fills")}
                          </Link>
                          <RowAction
                            label={t(s.active ? "surveys.surveys.deactivateOf" : "surveys.surveys.activateOf", {
                              name: s.name,
                            })}
                            disabled={active.isPending}
                            onClick={() => toggle(s)}
                          >
                            {t(s.active ? "surveys.surveys.deactivate" : "surveys.surveys.activate")}
                          </RowAction>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? (
        <Pager
          page={page}
          perPage={list.data.meta.per_page}
          total={list.data.meta.total}
          onPage={setPage}
          label={t("surveys.surveys.title")}
        />
      ) : null}
    </section>
  );
}
