import type { TExam, TMeasurement } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { useExams } from "../api/exams.ts";
import { MEASUREMENTS_PER_PAGE, useHistory, useMeasurementChange, useMeasurements } from "../api/measurements.ts";
import { useThresholds } from "../api/thresholds.ts";
import { FrequencyPanel } from "../components/FrequencyPanel.tsx";
import { HistoryChart, RISK_COLOURS } from "../components/HistoryChart.tsx";
import { MeasurementModal } from "../components/MeasurementModal.tsx";
import { ThresholdEditor } from "../components/ThresholdEditor.tsx";
import { formatValue, formatWhen, usePerson } from "../person.ts";

/**
 * The health file's "parametri" section: a parameter's last year on a chart with the person's bands,
 * its readings (paged; private ones only to their author), a new reading; for operators the
 * thresholds editor and the monitoring frequency.
 */
export default function MeasurementsTab({ area, patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const exams = useExams();
  const [examId, setExamId] = useState<string | null>(null);
  const exam = exams.data?.find((e) => e.hashid === examId) ?? exams.data?.[0] ?? null;

  if (exams.isPending) return <PageLoader />;
  if (!exams.data || !exam) return <FormMessage kind="error">{t("healthMeasurements.loadError")}</FormMessage>;
  return (
    <div>
      <h2 className="h4">{t("healthMeasurements.title")}</h2>
      <SelectField
        wrapperClassName="mb-3"
        label={t("healthMeasurements.exam")}
        value={exam.hashid}
        options={exams.data.map((e) => ({ value: e.hashid, label: `${e.name} (${e.unit})` }))}
        onChange={(e) => setExamId(e.target.value)}
      />
      <ExamSection key={exam.hashid} area={area} patientHash={patientHash} exam={exam} />
    </div>
  );
}

function ExamSection({
  area,
  patientHash,
  exam,
}: {
  area: HealthTabProps["area"];
  patientHash: string | null;
  exam: TExam;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const person = usePerson(patientHash);
  const historyId = useId();
  const readingsId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TMeasurement | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const history = useHistory(patientHash, exam.hashid);
  const list = useMeasurements(patientHash, exam.hashid, page);
  const { remove } = useMeasurementChange();
  const operator = area === "operatore";
  const thresholds = useThresholds(person);
  const set = thresholds.data?.find((s) => s.exam_id === exam.hashid);
  const bands = history.data?.bands ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / MEASUREMENTS_PER_PAGE)) : 1;

  return (
    <>
      <section aria-labelledby={historyId} className="mb-4">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h3 id={historyId} className="h5 mb-0">
            {t("healthMeasurements.history", { exam: exam.name })}
          </h3>
          <Button type="button" color="primary" onClick={() => setAdding(true)}>
            {t("healthMeasurements.add.open")}
          </Button>
        </div>
        {history.data && history.data.points.length > 0 ? (
          <HistoryChart
            points={history.data.points}
            bands={bands}
            unit={exam.unit}
            label={t("healthMeasurements.chartLabel", { exam: exam.name, count: history.data.points.length })}
          />
        ) : history.isPending ? (
          <PageLoader />
        ) : (
          <p className="text-muted">{t("healthMeasurements.noReadings")}</p>
        )}
        <ul
          className="list-unstyled d-flex flex-wrap gap-3 small mt-2"
          aria-label={t("healthMeasurements.bandsLegend")}
        >
          {bands.map((band) => (
            <li key={`${band.min}-${band.max}`} className="d-flex align-items-center gap-1">
              <span
                aria-hidden="true"
                style={{
                  display: "inline-block",
                  width: 14,
                  height: 14,
                  background: RISK_COLOURS[band.risk],
                  border: "1px solid #5c6f82",
                }}
              />
              {t("healthMeasurements.band", {
                min: formatValue(band.min, exam.decimals),
                max: formatValue(band.max, exam.decimals),
                unit: exam.unit,
                risk: t(`healthMeasurements.risk.${band.risk}` as TKey),
              })}
            </li>
          ))}
        </ul>
        {history.data?.custom ? <p className="small">{t("healthMeasurements.customBands")}</p> : null}
      </section>

      <section aria-labelledby={readingsId} className="mb-4">
        <h3 id={readingsId} className="h5">
          {t("healthMeasurements.readings")}
        </h3>
        {list.data && list.data.data.length > 0 ? (
          // Stacked cards on a phone (the app's .cura-stack-table): five columns do not fit 390 px.
          <table className="table cura-stack-table">
            <caption className="visually-hidden">{t("healthMeasurements.readings")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("healthMeasurements.columns.when")}</th>
                <th scope="col">{t("healthMeasurements.columns.value")}</th>
                <th scope="col">{t("healthMeasurements.columns.risk")}</th>
                <th scope="col">{t("healthMeasurements.columns.author")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("healthMeasurements.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((m) => (
                <tr key={m.hashid}>
                  <th scope="row">{formatWhen(m.measured_at)}</th>
                  <td data-label={t("healthMeasurements.columns.value")}>
                    {formatValue(m.value, m.decimals)} {m.unit}
                    {m.private ? (
                      <span className="badge bg-secondary ms-2">{t("healthMeasurements.private")}</span>
                    ) : null}
                  </td>
                  <td data-label={t("healthMeasurements.columns.risk")}>
                    {m.risk === null ? t("healthMeasurements.noBand") : t(`healthMeasurements.risk.${m.risk}` as TKey)}
                  </td>
                  <td data-label={t("healthMeasurements.columns.author")}>
                    {t(`healthMeasurements.authors.${m.author}`)}
                  </td>
                  <td className="d-flex flex-wrap gap-2">
                    {m.mine ? (
                      <>
                        <Button type="button" color="primary" outline size="xs" onClick={() => setEditing(m)}>
                          {t("healthMeasurements.edit", { when: formatWhen(m.measured_at) })}
                        </Button>
                        <Button type="button" color="danger" outline size="xs" onClick={() => setDeleting(m.hashid)}>
                          {t("healthMeasurements.delete", { when: formatWhen(m.measured_at) })}
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted">{list.isPending ? t("common.loading") : t("healthMeasurements.noReadings")}</p>
        )}
        {pages > 1 ? (
          <nav aria-label={t("healthMeasurements.pages")} className="d-flex gap-2 align-items-center">
            <Button
              type="button"
              color="secondary"
              outline
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t("healthMeasurements.previous")}
            </Button>
            <span>{t("healthMeasurements.pageOf", { page, pages })}</span>
            <Button
              type="button"
              color="secondary"
              outline
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t("healthMeasurements.next")}
            </Button>
          </nav>
        ) : null}
      </section>

      {operator && set ? <ThresholdEditor patientHash={person} exam={exam} set={set} /> : null}
      {person ? (
        <FrequencyPanel
          patientHash={person}
          kind="exams"
          target={exam.hashid}
          targetName={exam.name}
          canEdit={operator}
        />
      ) : null}

      <MeasurementModal
        isOpen={adding}
        exam={exam}
        patientHash={patientHash}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          alerts.success(t("healthMeasurements.add.saved"));
        }}
      />
      <MeasurementModal
        isOpen={editing !== null}
        exam={exam}
        patientHash={patientHash}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          alerts.success(t("healthMeasurements.edited"));
        }}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        title={t("healthMeasurements.deleteTitle")}
        confirmLabel={t("healthMeasurements.deleteConfirm")}
        cancelLabel={t("healthMeasurements.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting as string, {
            onSuccess: () => {
              setDeleting(null);
              alerts.success(t("healthMeasurements.deleted"));
            },
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
          })
        }
      >
        <p>{t("healthMeasurements.deleteText")}</p>
      </ConfirmModal>
    </>
  );
}
