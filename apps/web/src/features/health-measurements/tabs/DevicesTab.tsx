import type { TPatientDevice } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { useDeviceChange, useDeviceModels, usePatientDevices } from "../api/devices.ts";
import { formatWhen } from "../person.ts";

/** The "dispositivi" section: the person's devices, their parameters, a data update; operators assign. */
export default function DevicesTab({ area, patientHash }: HealthTabProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const headingId = useId();
  const operator = area === "operatore" && patientHash !== null;
  const devices = usePatientDevices(patientHash);
  const models = useDeviceModels(operator);
  const change = useDeviceChange();
  const [model, setModel] = useState("");
  const [code, setCode] = useState("");
  const [assignError, setAssignError] = useState<string | null>(null);
  const failed = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));

  if (devices.isPending) return <PageLoader />;
  if (!devices.data) return <FormMessage kind="error">{t("healthMeasurements.loadError")}</FormMessage>;
  return (
    <div>
      <h2 id={headingId} className="h4">
        {t("healthMeasurements.devices.title")}
      </h2>
      {devices.data.length === 0 ? <p className="text-muted">{t("healthMeasurements.devices.none")}</p> : null}
      {devices.data.map((device) => (
        <section key={device.hashid} className="card card-bg mb-3" aria-label={device.name}>
          <div className="card-body">
            <h3 className="h5">{device.name}</h3>
            <p className="mb-1">
              {t("healthMeasurements.devices.code", { code: device.product_code, manufacturer: device.manufacturer })}
            </p>
            <p className="small text-muted">
              {device.last_sync_at
                ? t("healthMeasurements.devices.lastSync", { at: formatWhen(device.last_sync_at) })
                : t("healthMeasurements.devices.neverSynced")}
            </p>
            {operator ? (
              <fieldset className="mb-2">
                <legend className="h6">{t("healthMeasurements.devices.exams")}</legend>
                {device.exams.map((exam) => (
                  <CheckboxField
                    key={exam.hashid}
                    label={exam.name}
                    checked={exam.enabled}
                    onChange={(e) =>
                      change.toggleExam.mutate(
                        { hashid: device.hashid, exam: exam.hashid, enabled: e.target.checked },
                        { onError: failed },
                      )
                    }
                  />
                ))}
              </fieldset>
            ) : (
              <p>
                {t("healthMeasurements.devices.enabled", {
                  list: device.exams
                    .filter((e) => e.enabled)
                    .map((e) => e.name)
                    .join(", "),
                })}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <Button
                type="button"
                color="primary"
                size="sm"
                disabled={change.sync.isPending}
                onClick={() =>
                  change.sync.mutate(device.hashid, {
                    onSuccess: (result) =>
                      alerts.success(t("healthMeasurements.devices.synced", { count: result.imported })),
                    onError: failed,
                  })
                }
              >
                {t("healthMeasurements.devices.sync", { name: device.name })}
              </Button>
              {operator ? (
                <Button
                  type="button"
                  color="danger"
                  outline
                  size="sm"
                  onClick={() => change.remove.mutate(device.hashid, { onError: failed })}
                >
                  {t("healthMeasurements.devices.remove", { name: device.name })}
                </Button>
              ) : null}
            </div>
            {operator ? <CsvImport device={device} /> : null}
          </div>
        </section>
      ))}
      {operator && models.data ? (
        <section className="mt-4" aria-label={t("healthMeasurements.devices.assignTitle")}>
          <h3 className="h5">{t("healthMeasurements.devices.assignTitle")}</h3>
          <div className="row align-items-end">
            <SelectField
              wrapperClassName="col-md-5"
              label={t("healthMeasurements.devices.model")}
              value={model}
              placeholder={t("healthMeasurements.devices.choose")}
              options={models.data.map((m) => ({ value: m.hashid, label: `${m.name} (${m.manufacturer})` }))}
              onChange={(e) => setModel(e.target.value)}
            />
            <TextField
              wrapperClassName="col-md-4"
              label={t("healthMeasurements.devices.productCode")}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={assignError ?? undefined}
            />
            <div className="col-md-3 mb-3">
              <Button
                type="button"
                color="primary"
                disabled={!model || change.assign.isPending}
                onClick={() =>
                  change.assign.mutate(
                    { patient: patientHash as string, device: model, code },
                    {
                      onSuccess: () => {
                        setCode("");
                        setAssignError(null);
                        alerts.success(t("healthMeasurements.devices.assigned"));
                      },
                      onError: (e) =>
                        setAssignError(
                          isApiError(e)
                            ? Object.values(e.errors).flat().join(" ") || e.message
                            : t("errors.unexpected"),
                        ),
                    },
                  )
                }
              >
                {t("healthMeasurements.devices.assign")}
              </Button>
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The device gateway's real path: the operator imports the export of the vendor's app (CSV,
 * `loinc;value;measured_at`); readings already imported are skipped, a bad line is named.
 */
function CsvImport({ device }: { device: TPatientDevice }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const change = useDeviceChange();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t("healthMeasurements.devices.csvMissing"));
      return;
    }
    change.importCsv.mutate(
      { hashid: device.hashid, csv: await file.text() },
      {
        onSuccess: (result) => {
          setError(null);
          alerts.success(t("healthMeasurements.devices.synced", { count: result.imported }));
        },
        onError: (e) =>
          setError(isApiError(e) ? Object.values(e.errors).flat().join(" ") || e.message : t("errors.unexpected")),
      },
    );
  };
  return (
    <form className="mt-3" onSubmit={submit} noValidate>
      <TextField
        type="file"
        accept=".csv,text/csv"
        label={t("healthMeasurements.devices.csvFile", { name: device.name })}
        hint={t("healthMeasurements.devices.csvHint")}
        error={error ?? undefined}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button type="submit" color="primary" outline size="sm" disabled={change.importCsv.isPending}>
        {t("healthMeasurements.devices.csvImport")}
      </Button>
    </form>
  );
}
