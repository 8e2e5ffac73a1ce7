import { MONITORING_UNITS, type TMonitoringFrequency } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { type FrequencyKind, useFrequencies, useFrequencyChange } from "../api/frequencies.ts";
import { formatWhen } from "../person.ts";

const when = (iso: string | null) => (iso ? formatWhen(iso) : "");

/**
 * The monitoring frequency of one parameter or scale: every N months … minutes, the next due time,
 * suspend or resume (operators; the person reads it).
 */
export function FrequencyPanel({
  patientHash,
  kind,
  target,
  targetName,
  canEdit,
}: {
  patientHash: string;
  kind: FrequencyKind;
  target: string;
  targetName: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const headingId = useId();
  const list = useFrequencies(patientHash, kind);
  const change = useFrequencyChange(kind);
  const [every, setEvery] = useState("1");
  const [unit, setUnit] = useState(String(MONITORING_UNITS.day));
  const [error, setError] = useState<string | null>(null);
  const current: TMonitoringFrequency | undefined = list.data?.find((f) => f.target_id === target);
  const unitLabel = (u: number): string => t(`healthMeasurements.frequencies.units.${u}` as TKey);
  const failed = (e: unknown) => alerts.error(isApiError(e) ? e.message : t("errors.unexpected"));

  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h3 id={headingId} className="h5">
        {t("healthMeasurements.frequencies.title", { target: targetName })}
      </h3>
      {current ? (
        <div>
          <p>
            {t("healthMeasurements.frequencies.every", { n: current.every, unit: unitLabel(current.unit) })}
            {" · "}
            {current.active
              ? t("healthMeasurements.frequencies.next", { at: when(current.next_due_at) })
              : t("healthMeasurements.frequencies.suspended")}
          </p>
          {canEdit ? (
            <div className="d-flex gap-2">
              <Button
                type="button"
                color="secondary"
                outline
                size="sm"
                onClick={() =>
                  change.toggle.mutate({ hashid: current.hashid, active: !current.active }, { onError: failed })
                }
              >
                {current.active
                  ? t("healthMeasurements.frequencies.suspend")
                  : t("healthMeasurements.frequencies.resume")}
              </Button>
              <Button
                type="button"
                color="danger"
                outline
                size="sm"
                onClick={() => change.remove.mutate(current.hashid, { onError: failed })}
              >
                {t("healthMeasurements.frequencies.remove")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-muted">{t("healthMeasurements.frequencies.none")}</p>
      )}
      {canEdit && !current ? (
        <div className="row align-items-end">
          <TextField
            wrapperClassName="col-6 col-md-3"
            inputMode="numeric"
            label={t("healthMeasurements.frequencies.everyLabel")}
            value={every}
            onChange={(e) => setEvery(e.target.value)}
            error={error ?? undefined}
          />
          <SelectField
            wrapperClassName="col-6 col-md-3"
            label={t("healthMeasurements.frequencies.unitLabel")}
            value={unit}
            options={Object.values(MONITORING_UNITS).map((u) => ({ value: String(u), label: unitLabel(u) }))}
            onChange={(e) => setUnit(e.target.value)}
          />
          <div className="col-12 col-md-3 mb-3">
            <Button
              type="button"
              color="primary"
              onClick={() =>
                change.create.mutate(
                  { patient: patientHash, id: target, every: Number(every), unit: Number(unit) },
                  {
                    onSuccess: () => setError(null),
                    onError: (e) =>
                      setError(isApiError(e) ? (e.errors.every?.join(" ") ?? e.message) : t("errors.unexpected")),
                  },
                )
              }
            >
              {t("healthMeasurements.frequencies.save")}
            </Button>
          </div>
        </div>
      ) : null}
      {list.isError ? <FormMessage kind="error">{t("healthMeasurements.loadError")}</FormMessage> : null}
    </section>
  );
}
