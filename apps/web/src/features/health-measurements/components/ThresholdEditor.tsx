import { bandProblems, RISK_LEVELS, type TBand, type TExam, THRESHOLD_BANDS, type TThresholdSet } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useThresholdChange } from "../api/thresholds.ts";

interface BandDraft {
  /** A stable key for the row while bands are added and removed. */
  key: number;
  min: string;
  max: string;
  risk: string;
}

let nextKey = 0;
const toDraft = (bands: readonly TBand[]): BandDraft[] =>
  bands.map((b) => ({ key: nextKey++, min: String(b.min), max: String(b.max), risk: String(b.risk) }));
const toBands = (drafts: BandDraft[]): TBand[] =>
  drafts.map((d) => ({
    min: Number(d.min.replace(",", ".")),
    max: Number(d.max.replace(",", ".")),
    risk: Number(d.risk),
  }));

/**
 * The operator's thresholds of one parameter for one person: 1 to 7 bands (min, max, risk), no overlap
 * (the domain's rule, checked here and on the server), custom or back to the defaults; then the
 * protocol notes (the diagnostic or the operational protocol, or both).
 */
export function ThresholdEditor({ patientHash, exam, set }: { patientHash: string; exam: TExam; set: TThresholdSet }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const headingId = useId();
  const change = useThresholdChange();
  const [drafts, setDrafts] = useState<BandDraft[]>(toDraft(set.bands));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notes, setNotes] = useState({
    diagnostic_protocol: set.diagnostic_protocol ?? "",
    operational_protocol: set.operational_protocol ?? "",
    notes: set.notes ?? "",
  });
  const [notesError, setNotesError] = useState<string | null>(null);
  useEffect(() => {
    setDrafts(toDraft(set.bands));
    setErrors({});
    setNotes({
      diagnostic_protocol: set.diagnostic_protocol ?? "",
      operational_protocol: set.operational_protocol ?? "",
      notes: set.notes ?? "",
    });
    setNotesError(null);
  }, [set]);

  const riskOptions = RISK_LEVELS.map((r) => ({ value: String(r), label: t(`healthMeasurements.risk.${r}`) }));
  const update = (i: number, field: "min" | "max" | "risk", value: string) =>
    setDrafts((list) => list.map((d, k) => (k === i ? { ...d, [field]: value } : d)));
  const failed = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors);
    else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  };

  const save = () => {
    const bands = toBands(drafts);
    const problems = bandProblems(bands);
    if (bands.some((b) => !Number.isFinite(b.min) || !Number.isFinite(b.max))) {
      setErrors({ bands: [t("healthMeasurements.thresholds.numbers")] });
      return;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const done = { onSuccess: () => alerts.success(t("healthMeasurements.thresholds.saved")), onError: failed };
    if (set.hashid) change.update.mutate({ hashid: set.hashid, bands }, done);
    else change.create.mutate({ patient: patientHash, exam: exam.hashid, bands }, done);
  };

  const saveNotes = () => {
    if (!set.hashid) return;
    change.notes.mutate(
      { hashid: set.hashid, body: notes },
      {
        onSuccess: () => {
          setNotesError(null);
          alerts.success(t("healthMeasurements.thresholds.notesSaved"));
        },
        onError: (error) => {
          const message = isApiError(error)
            ? (error.errors.diagnostic_protocol?.join(" ") ?? error.message)
            : t("errors.unexpected");
          setNotesError(message);
        },
      },
    );
  };

  const bandError = (i: number) => [...(errors[`bands.${i}.min`] ?? []), ...(errors[`bands.${i}.max`] ?? [])].join(" ");
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h3 id={headingId} className="h5">
        {t("healthMeasurements.thresholds.title", { exam: exam.name })}
      </h3>
      <p className="text-muted">
        {set.custom ? t("healthMeasurements.thresholds.customHint") : t("healthMeasurements.thresholds.defaultHint")}
      </p>
      {drafts.map((draft, i) => (
        <fieldset className="row align-items-end" key={draft.key}>
          <legend className="visually-hidden">{t("healthMeasurements.thresholds.band", { n: i + 1 })}</legend>
          <TextField
            wrapperClassName="col-4 col-md-3"
            inputMode="decimal"
            label={t("healthMeasurements.thresholds.min", { n: i + 1, unit: exam.unit })}
            value={draft.min}
            onChange={(e) => update(i, "min", e.target.value)}
            error={bandError(i) || undefined}
          />
          <TextField
            wrapperClassName="col-4 col-md-3"
            inputMode="decimal"
            label={t("healthMeasurements.thresholds.max", { n: i + 1, unit: exam.unit })}
            value={draft.max}
            onChange={(e) => update(i, "max", e.target.value)}
          />
          <SelectField
            wrapperClassName="col-4 col-md-3"
            label={t("healthMeasurements.thresholds.risk", { n: i + 1 })}
            value={draft.risk}
            options={riskOptions}
            onChange={(e) => update(i, "risk", e.target.value)}
          />
          <div className="col-12 col-md-3 mb-3">
            <Button
              type="button"
              color="secondary"
              outline
              size="sm"
              disabled={drafts.length <= THRESHOLD_BANDS.min}
              onClick={() => setDrafts((list) => list.filter((_, k) => k !== i))}
            >
              {t("healthMeasurements.thresholds.removeBand", { n: i + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      {errors.bands ? <FormMessage kind="error">{errors.bands.join(" ")}</FormMessage> : null}
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button
          type="button"
          color="secondary"
          outline
          disabled={drafts.length >= THRESHOLD_BANDS.max}
          onClick={() => setDrafts((list) => [...list, { key: nextKey++, min: "", max: "", risk: "0" }])}
        >
          {t("healthMeasurements.thresholds.addBand")}
        </Button>
        <Button
          type="button"
          color="primary"
          onClick={save}
          disabled={change.create.isPending || change.update.isPending}
        >
          {set.custom ? t("healthMeasurements.thresholds.save") : t("healthMeasurements.thresholds.customise")}
        </Button>
        {set.hashid ? (
          <Button
            type="button"
            color="danger"
            outline
            onClick={() =>
              change.remove.mutate(set.hashid as string, {
                onSuccess: () => alerts.success(t("healthMeasurements.thresholds.removed")),
                onError: failed,
              })
            }
          >
            {t("healthMeasurements.thresholds.reset")}
          </Button>
        ) : null}
      </div>
      {set.hashid ? (
        <div>
          <h4 className="h6">{t("healthMeasurements.thresholds.notesTitle")}</h4>
          <TextField
            label={t("healthMeasurements.thresholds.diagnostic")}
            value={notes.diagnostic_protocol}
            onChange={(e) => setNotes({ ...notes, diagnostic_protocol: e.target.value })}
            error={notesError ?? undefined}
          />
          <TextField
            label={t("healthMeasurements.thresholds.operational")}
            value={notes.operational_protocol}
            onChange={(e) => setNotes({ ...notes, operational_protocol: e.target.value })}
          />
          <TextField
            label={`${t("healthMeasurements.thresholds.notes")} ${t("common.optional")}`}
            value={notes.notes}
            onChange={(e) => setNotes({ ...notes, notes: e.target.value })}
          />
          <Button type="button" color="primary" onClick={saveNotes} disabled={change.notes.isPending}>
            {t("healthMeasurements.thresholds.saveNotes")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
