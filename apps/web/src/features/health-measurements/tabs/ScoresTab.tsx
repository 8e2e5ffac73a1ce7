import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { InfoModal } from "../../../ui/InfoModal.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { useLastScores, useScales, useScoreDetails, useScoreHistory } from "../api/scores.ts";
import { FrequencyPanel } from "../components/FrequencyPanel.tsx";
import { HistoryChart } from "../components/HistoryChart.tsx";
import { formatWhen, usePerson } from "../person.ts";

/** The "questionari" section: the last score of each scale, one scale's history, its frequency. */
export default function ScoresTab({ area, patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const person = usePerson(patientHash);
  const lastId = useId();
  const historyId = useId();
  const scales = useScales();
  const last = useLastScores(person);
  const [scaleId, setScaleId] = useState<string | null>(null);
  const scale = scales.data?.find((s) => s.hashid === scaleId) ?? scales.data?.[0] ?? null;
  const history = useScoreHistory(person, scale?.hashid ?? null);
  const [opened, setOpened] = useState<string | null>(null);

  if (scales.isPending || last.isPending) return <PageLoader />;
  if (!scales.data || !last.data) return <FormMessage kind="error">{t("healthMeasurements.loadError")}</FormMessage>;
  return (
    <div>
      <section aria-labelledby={lastId} className="mb-4">
        <h2 id={lastId} className="h4">
          {t("healthMeasurements.scores.title")}
        </h2>
        {last.data.length === 0 ? (
          <p className="text-muted">{t("healthMeasurements.scores.none")}</p>
        ) : (
          <ul className="list-unstyled">
            {last.data.map((score) => (
              <li key={score.hashid} className="mb-2">
                <strong>{score.scale}</strong>: {score.value}
                {score.label ? ` (${score.label})` : ""} · {formatWhen(score.taken_at)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {scale ? (
        <section aria-labelledby={historyId} className="mb-4">
          <h3 id={historyId} className="h5">
            {t("healthMeasurements.scores.history")}
          </h3>
          <SelectField
            wrapperClassName="mb-3"
            label={t("healthMeasurements.scores.scale")}
            value={scale.hashid}
            options={scales.data.map((s) => ({ value: s.hashid, label: s.name }))}
            onChange={(e) => setScaleId(e.target.value)}
          />
          {history.data && history.data.points.length > 0 ? (
            <>
              <HistoryChart
                points={history.data.points.map((p) => ({ measured_at: p.taken_at, value: p.value }))}
                bands={scale.bands.map((b) => ({ min: b.min, max: b.max, risk: b.risk }))}
                unit={t("healthMeasurements.scores.points")}
                label={t("healthMeasurements.scores.chartLabel", {
                  scale: scale.name,
                  count: history.data.points.length,
                })}
              />
              <table className="table cura-stack-table mt-2">
                <caption className="visually-hidden">{t("healthMeasurements.scores.history")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("healthMeasurements.columns.when")}</th>
                    <th scope="col">{t("healthMeasurements.scores.points")}</th>
                    <th scope="col">{t("healthMeasurements.scores.band")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("healthMeasurements.columns.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.points.map((p) => (
                    <tr key={p.hashid}>
                      <th scope="row">{formatWhen(p.taken_at)}</th>
                      <td data-label={t("healthMeasurements.scores.points")}>{p.value}</td>
                      <td data-label={t("healthMeasurements.scores.band")}>{p.label ?? ""}</td>
                      <td>
                        <Button type="button" color="primary" outline size="xs" onClick={() => setOpened(p.hashid)}>
                          {t("healthMeasurements.scores.details", { when: formatWhen(p.taken_at) })}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="text-muted">{t("healthMeasurements.scores.none")}</p>
          )}
          {person ? (
            <FrequencyPanel
              patientHash={person}
              kind="scores"
              target={scale.hashid}
              targetName={scale.name}
              canEdit={area === "operatore"}
            />
          ) : null}
        </section>
      ) : null}
      <ScoreDetails score={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

/** One score's answers (GET scores/details/{id}): each question, the answer given and its points. */
function ScoreDetails({ score, onClose }: { score: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useScoreDetails(score);
  return (
    <InfoModal
      isOpen={score !== null}
      onClose={onClose}
      title={
        details.data
          ? t("healthMeasurements.scores.detailsTitle", { scale: details.data.scale, value: details.data.value })
          : t("healthMeasurements.scores.history")
      }
    >
      {details.isPending ? <PageLoader /> : null}
      {details.isError ? <FormMessage kind="error">{t("healthMeasurements.loadError")}</FormMessage> : null}
      {details.data ? (
        details.data.items.length === 0 ? (
          <p className="text-muted">{t("healthMeasurements.scores.noItems")}</p>
        ) : (
          <ol>
            {details.data.items.map((item, i) => (
              // The answers of one questionnaire, in its order: the position is the identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
              <li key={i} className="mb-2">
                <span className="d-block">{item.question}</span>
                <strong>{t("healthMeasurements.scores.answer", { answer: item.answer, points: item.points })}</strong>
              </li>
            ))}
          </ol>
        )
      ) : null}
    </InfoModal>
  );
}
