import { RISK_LEVELS, type TBand, type TExam, THRESHOLD_BANDS, ZAdminExamBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useDeleteExam, useExam, useExams, useSaveExam } from "../api/catalogue.ts";

/**
 * The parameters catalogue on `/admin/servizi`: add, change and delete a health parameter, with its
 * default bands (1 to 7, min, max and risk, no overlap, inside the plausible range: the domain's
 * schema, checked here and again by the server, whose 422 lands on the band's field).
 */
export function ExamsSection() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const exams = useExams();
  const remove = useDeleteExam();
  // null: no form; "new": a new parameter; otherwise the one being changed.
  const [editing, setEditing] = useState<TExam | "new" | null>(null);
  const [deleting, setDeleting] = useState<TExam | null>(null);
  const range = (min: number | null, max: number | null) =>
    min === null && max === null ? "—" : `${min ?? "…"} – ${max ?? "…"}`;
  return (
    <section className="mb-5" aria-labelledby="exams-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="exams-title" className="h4">
          {t("adminCatalogue.exams.title")}
        </h2>
        <Button color="primary" size="sm" type="button" onClick={() => setEditing("new")}>
          {t("adminCatalogue.exams.add")}
        </Button>
      </div>
      {exams.isError ? <FormMessage kind="error">{exams.error.message}</FormMessage> : null}
      {editing ? (
        <ExamForm
          key={editing === "new" ? "new" : editing.hashid}
          exam={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {exams.data ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <thead>
              <tr>
                <th scope="col">{t("adminCatalogue.exams.name")}</th>
                <th scope="col">{t("adminCatalogue.exams.unit")}</th>
                <th scope="col">{t("adminCatalogue.exams.range")}</th>
                <th scope="col">{t("adminCatalogue.exams.reference")}</th>
                <th scope="col">{t("adminCatalogue.exams.loinc")}</th>
                <th scope="col">{t("adminCatalogue.exams.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {exams.data.map((exam) => (
                <tr key={exam.hashid} data-testid="exam-row">
                  <th scope="row">{exam.name}</th>
                  <td data-label={t("adminCatalogue.exams.unit")}>{exam.unit || "—"}</td>
                  <td data-label={t("adminCatalogue.exams.range")}>{range(exam.min, exam.max)}</td>
                  <td data-label={t("adminCatalogue.exams.reference")}>
                    {range(exam.reference_min, exam.reference_max)}
                  </td>
                  <td data-label={t("adminCatalogue.exams.loinc")}>{exam.loinc ?? "—"}</td>
                  <td>
                    <div className="d-flex gap-2">
                      <Button color="primary" outline size="xs" type="button" onClick={() => setEditing(exam)}>
                        {t("adminCatalogue.exams.edit")}
                        <span className="visually-hidden"> {exam.name}</span>
                      </Button>
                      <Button color="danger" outline size="xs" type="button" onClick={() => setDeleting(exam)}>
                        {t("adminCatalogue.exams.delete")}
                        <span className="visually-hidden"> {exam.name}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmModal
        isOpen={deleting !== null}
        title={t("adminCatalogue.exams.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("adminCatalogue.exams.delete")}
        cancelLabel={t("adminCatalogue.cancel")}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.hashid, {
            onSuccess: () => alerts.success(t("adminCatalogue.exams.deleted")),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>{t("adminCatalogue.exams.deleteText")}</p>
      </ConfirmModal>
    </section>
  );
}

/** A number field's value: empty is absent. */
const numberOf = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "")
    .trim()
    .replace(",", ".");
  return text === "" ? undefined : Number(text);
};

interface BandDraft {
  /** A stable key for the row while bands are added and removed. */
  key: number;
  min: string;
  max: string;
  risk: string;
}

let nextBandKey = 0;
const toDrafts = (bands: readonly TBand[]): BandDraft[] =>
  bands.map((b) => ({ key: nextBandKey++, min: String(b.min), max: String(b.max), risk: String(b.risk) }));

/** A changed parameter: its default bands come with it (GET exams/{id}); a new one starts without. */
function ExamForm({ exam, onDone }: { exam: TExam | null; onDone: () => void }) {
  const { t } = useTranslation();
  const detail = useExam(exam?.hashid ?? null);
  if (exam && !detail.data) {
    return (
      <div className="border rounded p-3 mb-4">
        {detail.isError ? (
          <FormMessage kind="error">{detail.error.message}</FormMessage>
        ) : (
          <p className="mb-0">{t("common.loading")}</p>
        )}
      </div>
    );
  }
  return <ExamFields exam={exam} bands={detail.data?.bands ?? []} onDone={onDone} />;
}

function ExamFields({ exam, bands, onDone }: { exam: TExam | null; bands: TBand[]; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const save = useSaveExam();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [drafts, setDrafts] = useState<BandDraft[]>(() => toDrafts(bands));
  const updateBand = (i: number, field: "min" | "max" | "risk", value: string) =>
    setDrafts((list) => list.map((d, k) => (k === i ? { ...d, [field]: value } : d)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // A band's empty or unreadable bound is named on its field before the schema sees the body.
    const unreadable = new Map<string, string>();
    const bandValues = drafts.map((d, i) => {
      const band = { min: numberOf(d.min), max: numberOf(d.max), risk: Number(d.risk) };
      for (const key of ["min", "max"] as const) {
        if (band[key] === undefined || !Number.isFinite(band[key])) {
          unreadable.set(`bands.${i}.${key}`, t("adminCatalogue.exams.bands.number"));
        }
      }
      return band;
    });
    const parsed = ZAdminExamBody.safeParse({
      name: String(data.get("name") ?? ""),
      unit: String(data.get("unit") ?? ""),
      decimals: numberOf(data.get("decimals")) ?? 0,
      min: numberOf(data.get("min")),
      max: numberOf(data.get("max")),
      reference_min: numberOf(data.get("reference_min")) ?? null,
      reference_max: numberOf(data.get("reference_max")) ?? null,
      loinc: String(data.get("loinc") ?? ""),
      // A new parameter without bands gets one of no risk over its range (the server's default);
      // a changed one always sends its bands, so removing them all is the schema's "1 to 7".
      bands: exam === null && drafts.length === 0 ? undefined : bandValues,
    });
    if (!parsed.success || unreadable.size > 0) {
      const messages = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
      for (const [key, message] of unreadable) messages.set(key, message);
      setErrors(messages);
      return;
    }
    setErrors(new Map());
    save.mutate(
      { hashid: exam?.hashid ?? null, body: parsed.data },
      {
        onSuccess: () => {
          alerts.success(t(exam ? "adminCatalogue.exams.updated" : "adminCatalogue.exams.created"));
          onDone();
        },
        onError: (error) => {
          const placed = isApiError(error) ? Object.entries(error.errors) : [];
          if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
          else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
        },
      },
    );
  };
  const field = (name: string, value: string | number | null | undefined) => ({
    name,
    defaultValue: value ?? "",
    error: errors.get(name),
  });
  const riskOptions = RISK_LEVELS.map((r) => ({
    value: String(r),
    label: t(`adminCatalogue.exams.bands.riskLevels.${r}`),
  }));
  return (
    <form onSubmit={onSubmit} noValidate className="border rounded p-3 mb-4" aria-labelledby="exam-form-title">
      <h3 id="exam-form-title" className="h5">
        {exam ? t("adminCatalogue.exams.editTitle", { name: exam.name }) : t("adminCatalogue.exams.newTitle")}
      </h3>
      <div className="row">
        <TextField wrapperClassName="col-md-6" label={t("adminCatalogue.exams.name")} {...field("name", exam?.name)} />
        <TextField wrapperClassName="col-md-3" label={t("adminCatalogue.exams.unit")} {...field("unit", exam?.unit)} />
        <TextField
          wrapperClassName="col-md-3"
          type="number"
          min={0}
          max={3}
          label={t("adminCatalogue.exams.decimals")}
          {...field("decimals", exam?.decimals ?? 0)}
        />
        <TextField
          wrapperClassName="col-md-3"
          inputMode="decimal"
          label={t("adminCatalogue.exams.min")}
          {...field("min", exam?.min)}
        />
        <TextField
          wrapperClassName="col-md-3"
          inputMode="decimal"
          label={t("adminCatalogue.exams.max")}
          {...field("max", exam?.max)}
        />
        <TextField
          wrapperClassName="col-md-3"
          inputMode="decimal"
          label={t("adminCatalogue.exams.referenceMin")}
          {...field("reference_min", exam?.reference_min)}
        />
        <TextField
          wrapperClassName="col-md-3"
          inputMode="decimal"
          label={t("adminCatalogue.exams.referenceMax")}
          {...field("reference_max", exam?.reference_max)}
        />
        <TextField
          wrapperClassName="col-md-4"
          label={t("adminCatalogue.exams.loinc")}
          {...field("loinc", exam?.loinc)}
        />
      </div>
      <fieldset className="mb-3" aria-describedby="exam-bands-hint">
        <legend className="h6">{t("adminCatalogue.exams.bands.title")}</legend>
        <p id="exam-bands-hint" className="text-muted small">
          {t(exam ? "adminCatalogue.exams.bands.hint" : "adminCatalogue.exams.bands.newHint")}
        </p>
        {drafts.map((draft, i) => (
          <div className="row align-items-end" key={draft.key} data-testid="exam-band">
            <TextField
              wrapperClassName="col-6 col-md-3"
              inputMode="decimal"
              label={t("adminCatalogue.exams.bands.min", { n: i + 1 })}
              value={draft.min}
              onChange={(e) => updateBand(i, "min", e.target.value)}
              error={errors.get(`bands.${i}.min`)}
            />
            <TextField
              wrapperClassName="col-6 col-md-3"
              inputMode="decimal"
              label={t("adminCatalogue.exams.bands.max", { n: i + 1 })}
              value={draft.max}
              onChange={(e) => updateBand(i, "max", e.target.value)}
              error={errors.get(`bands.${i}.max`)}
            />
            <SelectField
              wrapperClassName="col-6 col-md-3"
              label={t("adminCatalogue.exams.bands.risk", { n: i + 1 })}
              value={draft.risk}
              options={riskOptions}
              onChange={(e) => updateBand(i, "risk", e.target.value)}
              error={errors.get(`bands.${i}.risk`)}
            />
            <div className="col-6 col-md-3 mb-4">
              <Button
                type="button"
                color="secondary"
                outline
                size="sm"
                // A changed parameter keeps at least one band; a new one may go back to the default.
                disabled={exam !== null && drafts.length <= THRESHOLD_BANDS.min}
                onClick={() => setDrafts((list) => list.filter((_, k) => k !== i))}
              >
                {t("adminCatalogue.exams.bands.remove", { n: i + 1 })}
              </Button>
            </div>
          </div>
        ))}
        {errors.get("bands") ? <FormMessage kind="error">{errors.get("bands")}</FormMessage> : null}
        <Button
          type="button"
          color="secondary"
          outline
          size="sm"
          disabled={drafts.length >= THRESHOLD_BANDS.max}
          onClick={() => setDrafts((list) => [...list, { key: nextBandKey++, min: "", max: "", risk: "0" }])}
        >
          {t("adminCatalogue.exams.bands.add")}
        </Button>
      </fieldset>
      <div className="d-flex gap-2">
        <Button color="primary" type="submit" disabled={save.isPending}>
          {t("adminCatalogue.save")}
        </Button>
        <Button color="secondary" outline type="button" onClick={onDone}>
          {t("adminCatalogue.cancel")}
        </Button>
      </div>
    </form>
  );
}
