import {
  FREQUENCY_UNITS,
  type TFrequency,
  type TFrequencyUpdateBody,
  type TUserSearchItem,
  ZFrequencyUpdateBody,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { todayInRome } from "../../bookings/format.ts";
import { useOwnHealthServices } from "../../companies/api/health-services.ts";
import { findPatientByTaxCode, useCreateFrequency, useUpdateFrequency } from "../api/frequencies.ts";

interface FormValues {
  health_service: string;
  every: string;
  unit: string;
  next_date: string;
  time: string;
  end_date: string;
  notes: string;
  enabled: boolean;
}

const FIELDS = ["health_service", "every", "unit", "next_date", "time", "end_date", "notes", "enabled"] as const;

const toBody = (v: FormValues): TFrequencyUpdateBody => ({
  health_service: v.health_service,
  every: Number(v.every),
  unit: Number(v.unit) as 0 | 1 | 2,
  next_date: v.next_date,
  time: v.time,
  end_date: orNull(v.end_date),
  notes: orNull(v.notes),
  enabled: v.enabled,
});

const valuesOf = (f: TFrequency | null): FormValues => ({
  health_service: f?.health_service.hashid ?? "",
  every: String(f?.every ?? 1),
  unit: String(f?.unit ?? 0),
  next_date: f?.next_date ?? todayInRome(),
  time: f?.time ?? "09:00",
  end_date: f?.end_date ?? "",
  notes: f?.notes ?? "",
  enabled: f?.enabled ?? true,
});

/**
 * Create or edit a recurring reservation. Creating starts from the patient, found by exact tax code
 * (the API shows an operator no other way to find a citizen); editing keeps the patient.
 */
export function FrequencyFormModal({
  frequency,
  isOpen,
  onClose,
  onSaved,
}: {
  /** Null: a new one. */
  frequency: TFrequency | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const services = useOwnHealthServices();
  const create = useCreateFrequency();
  const update = useUpdateFrequency();
  const [taxCode, setTaxCode] = useState("");
  const [patient, setPatient] = useState<TUserSearchItem | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAppForm<FormValues>({
    values: valuesOf(frequency),
    resolver: schemaResolver(ZFrequencyUpdateBody, toBody),
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;

  const search = async () => {
    setSearchError(null);
    setPatient(null);
    try {
      const found = await findPatientByTaxCode(taxCode);
      if (found) setPatient(found);
      else setSearchError(t("recall.patientNotFound"));
    } catch (error) {
      setSearchError(isApiError(error) ? error.message : t("errors.unexpected"));
    }
  };

  const onError = (error: unknown) => {
    const { placed, rest } = setServerErrors(error, form.setError, FIELDS);
    if (placed === 0) setFormError(rest[0] ?? (isApiError(error) ? error.message : t("errors.unexpected")));
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const body = toBody(values);
    if (frequency) {
      update.mutate({ hashid: frequency.hashid, body }, { onSuccess: () => onSaved(t("recall.updated")), onError });
      return;
    }
    if (!patient) {
      setSearchError(t("recall.patientRequired"));
      return;
    }
    create.mutate({ ...body, user: patient.hashid }, { onSuccess: () => onSaved(t("recall.created")), onError });
  });

  const close = () => {
    setTaxCode("");
    setPatient(null);
    setSearchError(null);
    setFormError(null);
    onClose();
  };

  const unitOptions = Object.entries(FREQUENCY_UNITS).map(([value]) => ({
    value,
    label: t(`recall.units.${value as "0" | "1" | "2"}`, { count: 2 }),
  }));
  const serviceOptions = (services.data ?? []).map((s) => ({ value: s.hashid, label: s.name }));

  return (
    <Modal isOpen={isOpen} toggle={close} labelledBy={titleId} centered size="lg" trapFocus returnFocusAfterClose>
      <form onSubmit={onSubmit} noValidate>
        <ModalHeader id={titleId} tag="h2" toggle={close} closeAriaLabel={t("common.close")}>
          {frequency ? t("recall.editTitle") : t("recall.newTitle")}
        </ModalHeader>
        <ModalBody>
          {frequency ? (
            <p>
              {t("recall.patient")}: <strong>{`${frequency.user.name} ${frequency.user.surname}`}</strong>
              {frequency.user.cf ? ` (${frequency.user.cf})` : ""}
            </p>
          ) : (
            <div className="mb-3">
              <TextField
                label={t("recall.taxCode")}
                value={taxCode}
                autoComplete="off"
                onChange={(event) => setTaxCode(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    void search();
                  }
                }}
                error={searchError ?? undefined}
                append={
                  <Button type="button" color="primary" outline onClick={() => void search()}>
                    {t("recall.find")}
                  </Button>
                }
              />
              {patient ? (
                <p role="status" data-testid="recall-patient">
                  {t("recall.patient")}: <strong>{`${patient.name ?? ""} ${patient.surname ?? ""}`.trim()}</strong>
                </p>
              ) : null}
            </div>
          )}
          <div className="row">
            <SelectField
              wrapperClassName="col-md-12"
              label={t("recall.service")}
              placeholder={t("recall.chooseService")}
              options={serviceOptions}
              error={errors.health_service?.message}
              {...form.register("health_service")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="number"
              min={1}
              max={365}
              label={t("recall.every")}
              error={errors.every?.message}
              {...form.register("every")}
            />
            <SelectField
              wrapperClassName="col-md-6"
              label={t("recall.unit")}
              options={unitOptions}
              error={errors.unit?.message}
              {...form.register("unit")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="date"
              label={t("recall.nextDate")}
              error={errors.next_date?.message}
              {...form.register("next_date")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="time"
              label={t("recall.time")}
              error={errors.time?.message}
              {...form.register("time")}
            />
            <TextField
              wrapperClassName="col-md-6"
              type="date"
              label={`${t("recall.endDate")} ${t("common.optional")}`}
              error={errors.end_date?.message}
              {...form.register("end_date")}
            />
            <TextField
              wrapperClassName="col-md-6"
              label={`${t("recall.notes")} ${t("common.optional")}`}
              error={errors.notes?.message}
              {...form.register("notes")}
            />
          </div>
          <CheckboxField label={t("recall.enabled")} {...form.register("enabled")} />
          <p className="small text-muted">{t("recall.leadHint")}</p>
          {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={close} disabled={busy}>
            {t("recall.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={busy}>
            {t("recall.save")}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
