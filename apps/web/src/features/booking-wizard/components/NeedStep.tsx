import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";
import { useNameSuggestions } from "../../companies/api/health-service-suggestions.ts";
import { prescriptionErrors, type WizardState, type WizardType } from "../state.ts";
import { ProductSearch } from "./ProductSearch.tsx";

export interface StepProps {
  type: WizardType;
  state: WizardState;
  update: (patch: Partial<WizardState>) => void;
}

/** Step 1: what the citizen needs: a health service by name, or medicines; prescription codes optional. */
export function NeedStep({ type, state, update }: StepProps) {
  const { t } = useTranslation();
  const listId = useId();
  const suggestions = useNameSuggestions(type === "prestazione" ? state.need : "");
  const codes = prescriptionErrors(state);

  return (
    <div>
      {type === "prestazione" ? (
        <>
          <TextField
            label={t("bookingWizard.need.service")}
            hint={t("bookingWizard.need.serviceHint")}
            value={state.need}
            list={listId}
            autoComplete="off"
            required
            onChange={(e) => update({ need: e.target.value, service: null, company: null, start: null })}
          />
          <datalist id={listId}>
            {(suggestions.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      ) : (
        <ProductSearch lines={state.lines} onChange={(lines) => update({ lines })} />
      )}
      <fieldset className="mt-4">
        <legend className="h5">{t("bookingWizard.need.prescription")}</legend>
        <p className="text-muted mb-5">{t("bookingWizard.need.prescriptionHint")}</p>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={`${t("bookingWizard.need.nre")} ${t("common.optional")}`}
            hint={t("bookingWizard.need.nreHint")}
            value={state.nre}
            autoComplete="off"
            error={codes.nre}
            onChange={(e) => update({ nre: e.target.value })}
          />
          {type === "prodotto" ? (
            <TextField
              wrapperClassName="col-md-6"
              label={`${t("bookingWizard.need.rev")} ${t("common.optional")}`}
              hint={t("bookingWizard.need.revHint")}
              value={state.rev}
              autoComplete="off"
              maxLength={20}
              error={codes.rev}
              onChange={(e) => update({ rev: e.target.value })}
            />
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
