import { type TExemption, type TExemptionBody, ZExemptionBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { CheckboxField, SelectField, TextField } from "../../../ui/form.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { useExemptionCodes, useExemptions, useSaveExemption } from "../api/exemptions.ts";
import { usePathologies } from "../api/pathologies.ts";
import { FormModal } from "../components/FormModal.tsx";
import { TabSection } from "../components/TabSection.tsx";

interface ExemptionValues {
  code: string;
  pathologies: string[];
  valid_from: string;
  valid_to: string;
  notes: string;
}
const FIELDS = ["code", "pathologies", "valid_from", "valid_to", "notes"] as const;
const toBody = (v: ExemptionValues): TExemptionBody => ({
  code: v.code,
  pathologies: v.pathologies,
  valid_from: v.valid_from,
  valid_to: orNull(v.valid_to),
  notes: orNull(v.notes),
});

/** Add or change an exemption: a code of the national lists, the pathologies it covers, its validity. */
function ExemptionModal({
  patient,
  exemption,
  onClose,
  onSaved,
}: {
  patient: string | null;
  exemption: TExemption | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const codes = useExemptionCodes();
  const pathologies = usePathologies(patient);
  const { save } = useSaveExemption(patient);
  const form = useAppForm<ExemptionValues>({
    defaultValues: {
      code: exemption?.code ?? "",
      pathologies: exemption?.pathologies.map((p) => p.hashid) ?? [],
      valid_from: exemption?.valid_from ?? "",
      valid_to: exemption?.valid_to ?? "",
      notes: exemption?.notes ?? "",
    },
    resolver: schemaResolver(ZExemptionBody, toBody),
  });
  const { errors } = form.formState;
  const linked = form.watch("pathologies");
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(exemption ? { ...toBody(values), hashid: exemption.hashid } : toBody(values), {
      onSuccess: onSaved,
      onError: (error) => void setServerErrors(error, form.setError, FIELDS),
    }),
  );
  return (
    <FormModal
      title={exemption ? t("healthTherapies.exemptions.editTitle") : t("healthTherapies.exemptions.newTitle")}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      error={save.error}
    >
      <SelectField
        label={t("healthTherapies.exemptions.code")}
        placeholder={t("healthTherapies.form.choose")}
        options={(codes.data ?? []).map((c) => ({
          value: c.code,
          label: `${c.code} · ${c.label} (${t(`healthTherapies.exemptions.kinds.${c.kind}` as TKey)})`,
        }))}
        error={errors.code?.message}
        {...form.register("code")}
      />
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          type="date"
          label={t("healthTherapies.exemptions.validFrom")}
          error={errors.valid_from?.message}
          {...form.register("valid_from")}
        />
        <TextField
          wrapperClassName="col-md-6"
          type="date"
          label={`${t("healthTherapies.exemptions.validTo")} ${t("common.optional")}`}
          error={errors.valid_to?.message}
          {...form.register("valid_to")}
        />
      </div>
      <fieldset className="mb-3">
        <legend className="h6 fw-semibold">{t("healthTherapies.exemptions.pathologies")}</legend>
        {(pathologies.data?.data ?? []).length === 0 ? (
          <p className="small text-muted">{t("healthTherapies.pathologies.none")}</p>
        ) : null}
        {(pathologies.data?.data ?? []).map((p) => (
          <CheckboxField
            key={p.hashid}
            label={p.name}
            checked={linked.includes(p.hashid)}
            onChange={() =>
              form.setValue(
                "pathologies",
                linked.includes(p.hashid) ? linked.filter((h) => h !== p.hashid) : [...linked, p.hashid],
              )
            }
          />
        ))}
        {errors.pathologies?.message ? (
          <div className="invalid-feedback d-block">{errors.pathologies.message}</div>
        ) : null}
      </fieldset>
      <TextField
        label={`${t("healthTherapies.pathologies.notes")} ${t("common.optional")}`}
        error={errors.notes?.message}
        {...form.register("notes")}
      />
    </FormModal>
  );
}

/** The exemptions section of the health file (spec 001 §3 Exemption, spec 002 §3 Exemption code). */
export default function ExemptionsTab({ patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const list = useExemptions(patientHash);
  const { toggle } = useSaveExemption(patientHash);
  const [editing, setEditing] = useState<TExemption | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <TabSection
      id="exemptions-title"
      title={t("healthTherapies.exemptions.title")}
      actions={
        <Button color="primary" type="button" onClick={() => setEditing("new")}>
          {t("healthTherapies.exemptions.add")}
        </Button>
      }
      notice={notice}
      errors={[toggle.error ? (isApiError(toggle.error) ? toggle.error.message : t("errors.unexpected")) : null]}
      loading={list.isPending}
      loadFailed={Boolean(list.error)}
      emptyText={list.data && list.data.length === 0 ? t("healthTherapies.exemptions.none") : null}
    >
      <ul className="list-unstyled">
        {(list.data ?? []).map((e) => (
          <li key={e.hashid} className="card shadow-sm mb-3">
            <div className="card-body">
              <h3 className="h5 card-title">
                {e.code} · {e.label}
              </h3>
              <p className="mb-1">
                {t(`healthTherapies.exemptions.kinds.${e.kind}` as TKey)} · {e.valid_from} – {e.valid_to ?? "—"}
              </p>
              {e.pathologies.length > 0 ? (
                <p className="mb-1">
                  {t("healthTherapies.exemptions.pathologies")}: {e.pathologies.map((p) => p.name).join(", ")}
                </p>
              ) : null}
              <div className="d-flex flex-wrap gap-2 mb-2">
                <span className={`badge bg-${e.enabled ? "success" : "secondary"}`}>
                  {e.enabled ? t("healthTherapies.exemptions.enabled") : t("healthTherapies.exemptions.disabled")}
                </span>
                {!e.valid ? (
                  <span className="badge bg-warning text-dark">{t("healthTherapies.exemptions.expired")}</span>
                ) : null}
              </div>
              {e.editable ? (
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    color="primary"
                    outline
                    size="xs"
                    type="button"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate({ hashid: e.hashid, enabled: !e.enabled })}
                  >
                    {e.enabled ? t("healthTherapies.exemptions.disable") : t("healthTherapies.exemptions.enable")}
                    <span className="visually-hidden"> {e.code}</span>
                  </Button>
                  <Button color="primary" outline size="xs" type="button" onClick={() => setEditing(e)}>
                    {t("healthTherapies.actions.edit")}
                    <span className="visually-hidden"> {e.code}</span>
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <ExemptionModal
          patient={patientHash}
          exemption={editing === "new" ? null : editing}
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
