import type { TFill } from "@cura/domain";
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
import { SurveyPlayer } from "../components/SurveyPlayer.tsx";

/**
 * The citizen's `questionario/compila/{quest?}` (spec 001 §2): an open survey in the one player
 * (consent first when it has an information text); file answers are uploaded as they are picked;
 * the fill goes to `filled/new`, then a confirmation offers its PDF.
 */
export default function FillSurveyPage() {
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

  return (
    <div>
      <h1 className="mb-3">{data.name}</h1>
      {saved ? (
        <FillConfirmation fill={saved} />
      ) : (
        <>
          {data.description ? <p>{data.description}</p> : null}
          {data.informativa ? (
            <details className="mb-3">
              <summary>{t("surveys.citizen.informativa")}</summary>
              <div style={{ whiteSpace: "pre-line" }}>{data.informativa}</div>
            </details>
          ) : null}
          <SurveyPlayer
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

function FillConfirmation({ fill }: { fill: TFill }) {
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
      {fill.score !== null ? (
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
