import { PATHOLOGY_TYPES, type TPathology, type TPathologyBody, ZPathologyBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { CheckboxField, SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { usePathologies, useSavePathology } from "../api/pathologies.ts";
import { useIcdSearch } from "../api/search.ts";
import { FormModal } from "../components/FormModal.tsx";
import { TabSection } from "../components/TabSection.tsx";

interface PathologyValues {
  name: string;
  type: string;
  start_date: string;
  end_date: string;
  private: boolean;
  notes: string;
  icd10_code: string;
}
const FIELDS = ["name", "type", "start_date", "end_date", "notes", "icd10_code"] as const;

const valuesOf = (p: TPathology | null): PathologyValues => ({
  name: p?.name ?? "",
  type: p?.type ?? "",
  start_date: p?.start_date ?? "",
  end_date: p?.end_date ?? "",
  private: p?.private ?? false,
  notes: p?.notes ?? "",
  icd10_code: p?.icd10_code ?? "",
});
const toBody =
  (patient: string | null) =>
  (v: PathologyValues): TPathologyBody =>
    ({
      ...(patient ? { patient } : {}),
      name: v.name,
      type: v.type || undefined,
      start_date: orNull(v.start_date),
      end_date: orNull(v.end_date),
      private: v.private,
      notes: orNull(v.notes),
      icd10_code: orNull(v.icd10_code),
    }) as unknown as TPathologyBody;

/** Add or change a pathology: name and type required, ICD-10 by search, start ≤ end (spec 001 §3, §5). */
function PathologyModal({
  patient,
  pathology,
  onClose,
  onSaved,
}: {
  patient: string | null;
  pathology: TPathology | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePathology(patient);
  const form = useAppForm<PathologyValues>({
    defaultValues: valuesOf(pathology),
    resolver: schemaResolver(ZPathologyBody, toBody(patient)),
  });
  const { errors } = form.formState;
  const [icdQuery, setIcdQuery] = useState("");
  const icd = useIcdSearch(icdQuery);
  const icdCode = form.watch("icd10_code");
  const onSubmit = form.handleSubmit((values) => {
    const body = toBody(patient)(values);
    save.mutate(pathology ? { ...body, hashid: pathology.hashid } : body, {
      onSuccess: onSaved,
      onError: (error) => void setServerErrors(error, form.setError, FIELDS),
    });
  });
  return (
    <FormModal
      title={pathology ? t("healthTherapies.pathologies.editTitle") : t("healthTherapies.pathologies.newTitle")}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      error={save.error}
    >
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          label={t("healthTherapies.pathologies.name")}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField
          wrapperClassName="col-md-6"
          label={t("healthTherapies.pathologies.type")}
          placeholder={t("healthTherapies.form.choose")}
          options={PATHOLOGY_TYPES.map((value) => ({
            value,
            label: t(`healthTherapies.pathologyTypes.${value}` as TKey),
          }))}
          error={errors.type?.message}
          {...form.register("type")}
        />
        <TextField
          wrapperClassName="col-md-6"
          type="date"
          label={`${t("healthTherapies.pathologies.start")} ${t("common.optional")}`}
          error={errors.start_date?.message}
          {...form.register("start_date")}
        />
        <TextField
          wrapperClassName="col-md-6"
          type="date"
          label={`${t("healthTherapies.pathologies.end")} ${t("common.optional")}`}
          error={errors.end_date?.message}
          {...form.register("end_date")}
        />
        <TextField
          wrapperClassName="col-md-12"
          label={`${t("healthTherapies.pathologies.icdSearch")} ${t("common.optional")}`}
          hint={
            icdCode
              ? t("healthTherapies.pathologies.icdChosen", { code: icdCode })
              : t("healthTherapies.pathologies.icdHint")
          }
          value={icdQuery}
          autoComplete="off"
          onChange={(e) => setIcdQuery(e.target.value)}
          error={errors.icd10_code?.message}
        />
        {icd.data && icdQuery.trim().length >= 2 ? (
          <ul className="list-unstyled col-md-12 mb-5" aria-label={t("healthTherapies.pathologies.icdResults")}>
            {icd.data.length === 0 ? <li>{t("healthTherapies.pathologies.icdNone")}</li> : null}
            {icd.data.slice(0, 8).map((entry) => (
              <li key={entry.code}>
                <Button
                  color="link"
                  type="button"
                  className="p-0 text-start"
                  onClick={() => {
                    form.setValue("icd10_code", entry.code);
                    if (!form.getValues("name")) form.setValue("name", entry.label);
                    setIcdQuery("");
                  }}
                >
                  {entry.code} · {entry.label}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <TextField
          wrapperClassName="col-md-12"
          label={`${t("healthTherapies.pathologies.notes")} ${t("common.optional")}`}
          error={errors.notes?.message}
          {...form.register("notes")}
        />
      </div>
      <CheckboxField label={t("healthTherapies.pathologies.private")} {...form.register("private")} />
    </FormModal>
  );
}

/** The pathologies section of the health file (spec 001 §2 screen 20; issue 11 "Pathologies"). */
export default function PathologiesTab({ patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = usePathologies(patientHash, page);
  const [editing, setEditing] = useState<TPathology | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <TabSection
      id="pathologies-title"
      title={t("healthTherapies.pathologies.title")}
      actions={
        <Button color="primary" type="button" onClick={() => setEditing("new")}>
          {t("healthTherapies.pathologies.add")}
        </Button>
      }
      notice={notice}
      loading={list.isPending}
      loadFailed={Boolean(list.error)}
      emptyText={list.data && list.data.data.length === 0 ? t("healthTherapies.pathologies.none") : null}
    >
      {list.data && list.data.data.length > 0 ? (
        <table className="table cura-stack-table">
          <caption className="visually-hidden">{t("healthTherapies.pathologies.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("healthTherapies.pathologies.name")}</th>
              <th scope="col">{t("healthTherapies.pathologies.type")}</th>
              <th scope="col">{t("healthTherapies.pathologies.icd")}</th>
              <th scope="col">{t("healthTherapies.pathologies.period")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("healthTherapies.pathologies.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((p) => (
              <tr key={p.hashid}>
                <th scope="row">
                  {p.name}
                  {p.private ? (
                    <span className="badge bg-dark ms-2">{t("healthTherapies.therapies.private")}</span>
                  ) : null}
                </th>
                <td data-label={t("healthTherapies.pathologies.type")}>
                  {t(`healthTherapies.pathologyTypes.${p.type}` as TKey)}
                </td>
                <td data-label={t("healthTherapies.pathologies.icd")}>
                  {p.icd10_code ? `${p.icd10_code} ${p.icd10_label ?? ""}` : "—"}
                </td>
                <td data-label={t("healthTherapies.pathologies.period")}>
                  {p.start_date ?? "—"} – {p.end_date ?? "—"}
                </td>
                <td>
                  {p.editable ? (
                    <Button color="primary" outline size="xs" type="button" onClick={() => setEditing(p)}>
                      {t("healthTherapies.actions.edit")}
                      <span className="visually-hidden"> {p.name}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? (
        <Pager page={page} total={list.data.meta.total} perPage={list.data.meta.per_page} onPage={setPage} />
      ) : null}
      {editing ? (
        <PathologyModal
          patient={patientHash}
          pathology={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t("healthTherapies.notices.saved"));
          }}
        />
      ) : null}
    </TabSection>
  );
}
