import type { TFill, TSurveyTemplate } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { downloadOwnFillPdf, uploadSurveyFile, useFillOwn } from "../api/fills.ts";
import { useSurvey } from "../api/surveys.ts";
import { DraftedSurveyPlayer } from "../components/DraftedSurveyPlayer.tsx";

/**
 * The citizen's `questionario/compila/{quest?}` (spec 001 §2): an open survey in the one player
 * (consent first when it has an information text), resumed from the citizen's draft; file answers
 * are uploaded as they are picked; the fill goes to `filled/new`, then a confirmation offers its PDF.
 */
export default function FillSurveyPage() {
  return <CitizenSurvey scored={false} />;
}

/**
 * The page of both citizen routes: `scored` is `questionario/score/compila`, a score questionnaire
 * (a survey with scoring), whose end shows the score against the template's bands.
 */
export function CitizenSurvey({ scored }: { scored: boolean }) {
  const { t } = useTranslation();
  const { quest } = useParams();
  const survey = useSurvey(quest);
  const fill = useFillOwn();
  const alerts = useAlerts();
  const [saved, setSaved] = useState<TFill | null>(null);

  if (!quest)
    return (
      <div>
        <h1 className="mb-3">{t("surveys.citizen.title")}</h1>
        <p>{t("surveys.citizen.none")}</p>
        <Link to="/cittadino/home">{t("surveys.citizen.home")}</Link>
      </div>
    );
  if (survey.isPending) return <PageLoader />;
  if (survey.isError)
    return (
      <div>
        <h1 className="mb-3">{t("surveys.citizen.title")}</h1>
        <FormMessage kind="error">{t("surveys.citizen.unavailable")}</FormMessage>
        <Link to="/cittadino/home">{t("surveys.citizen.home")}</Link>
      </div>
    );
  const data = survey.data;
  if (scored && !data.template.scoring)
    return (
      <div>
        <h1 className="mb-3">{data.name}</h1>
        <FormMessage kind="info">{t("surveys.score.noScoring")}</FormMessage>
        <Link to={`/cittadino/questionario/compila/${encodeURIComponent(data.hashid)}`}>
          {t("surveys.score.plain")}
        </Link>
      </div>
    );

  return (
    <div>
      <h1 className="mb-3">{data.name}</h1>
      {saved ? (
        <FillConfirmation fill={saved} scoring={scored ? data.template.scoring : null} />
      ) : (
        <>
          {data.description ? <p>{data.description}</p> : null}
          {scored ? <p>{t("surveys.score.intro")}</p> : null}
          {data.informativa ? (
            <details className="mb-3">
              <summary>{t("surveys.citizen.informativa")}</summary>
              <div style={{ whiteSpace: "pre-line" }}>{data.informativa}</div>
            </details>
          ) : null}
          <DraftedSurveyPlayer
            survey={data.hashid}
            template={data.template}
            uploadFile={uploadSurveyFile}
            submitting={fill.isPending}
            onSubmit={(answers) =>
              fill.mutate(
                { survey: data.hashid, answers },
                {
                  onSuccess: setSaved,
                  onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                },
              )
            }
          />
        </>
      )}
    </div>
  );
}

type Scoring = NonNullable<TSurveyTemplate["scoring"]>;

function FillConfirmation({ fill, scoring }: { fill: TFill; scoring?: Scoring | null | undefined }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const download = async () => {
    setBusy(true);
    try {
      await downloadOwnFillPdf(fill.hashid);
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("surveys.fills.downloadError"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="fill-done-title" data-testid="survey-done">
      <h2 id="fill-done-title" ref={ref} tabIndex={-1} className="h4">
        {t("surveys.citizen.doneTitle")}
      </h2>
      <p>{t("surveys.citizen.done")}</p>
      {scoring && fill.score !== null ? (
        <ScoreResult score={fill.score} band={fill.score_band} scoring={scoring} />
      ) : fill.score !== null ? (
        <p>{t("surveys.citizen.score", { score: fill.score, band: fill.score_band ?? "" })}</p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="button" color="primary" disabled={busy} onClick={download}>
          {t("surveys.citizen.pdf")}
        </Button>
        <Link to="/cittadino/home" className="btn btn-outline-primary">
          {t("surveys.citizen.home")}
        </Link>
      </div>
    </section>
  );
}

/** The score questionnaire's result: the score, its band, and every band of the scale with this one marked. */
function ScoreResult({ score, band, scoring }: { score: number; band: string | null; scoring: Scoring }) {
  const { t } = useTranslation();
  const bands = [...scoring.bands].sort((a, b) => a.min - b.min);
  return (
    <div className="mb-3" data-testid="survey-score">
      <p className="h5">
        {t("surveys.score.result", { score: score.toLocaleString("it-IT") })}
        {band ? ` — ${band}` : null}
      </p>
      <p className="small">{t(scoring.method === "sum" ? "surveys.score.sum" : "surveys.score.mean")}</p>
      {bands.length > 0 ? (
        <table className="table table-sm w-auto">
          <caption>{t("surveys.score.bands")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("surveys.score.range")}</th>
              <th scope="col">{t("surveys.score.band")}</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((b) => {
              const mine = score >= b.min && score <= b.max;
              return (
                <tr key={`${b.min}-${b.max}`} className={mine ? "table-primary fw-bold" : undefined}>
                  <td>{t("surveys.score.between", { min: b.min, max: b.max })}</td>
                  <td>
                    {b.label}
                    {mine ? <span className="ms-2 badge bg-primary">{t("surveys.score.yours")}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
