import { useTranslation } from "react-i18next";
import type { StepProps } from "./NeedStep.tsx";
import { PreferencePicker } from "./PreferencePicker.tsx";
import { WeekSlots } from "./WeekSlots.tsx";

/**
 * Step 4: a free slot of the week, or the preferences (screen 14), or no preference. A specialist
 * teleconsultation takes a slot only (its room opens at that time).
 */
export function DateStep({ type, state, update, showError }: StepProps & { showError: boolean }) {
  const { t } = useTranslation();
  const service = state.service;
  const slotOnly = type === "teleconsulto";
  return (
    <div>
      {slotOnly ? null : (
        <fieldset className="mb-4">
          <legend className="h5">{t("bookingWizard.date.legend")}</legend>
          <div className="form-check form-check-inline">
            <input
              id="date-slot"
              type="radio"
              name="date-mode"
              checked={state.dateMode === "slot"}
              onChange={() => update({ dateMode: "slot" })}
            />
            <label htmlFor="date-slot">{t("bookingWizard.date.slot")}</label>
          </div>
          <div className="form-check form-check-inline">
            <input
              id="date-preferences"
              type="radio"
              name="date-mode"
              checked={state.dateMode === "preferences"}
              onChange={() => update({ dateMode: "preferences" })}
            />
            <label htmlFor="date-preferences">{t("bookingWizard.date.preferences")}</label>
          </div>
        </fieldset>
      )}
      {(slotOnly || state.dateMode === "slot") && service ? (
        <>
          <WeekSlots
            service={service.hashid}
            value={state.start}
            onChange={(start, startLabel) => update({ start, startLabel })}
          />
          {showError && !state.start ? (
            <div className="alert alert-danger" role="alert">
              {slotOnly ? t("bookingWizard.errors.noTeleconsultSlot") : t("bookingWizard.errors.noSlot")}
            </div>
          ) : null}
        </>
      ) : null}
      {!slotOnly && state.dateMode === "preferences" ? (
        <PreferencePicker
          rows={state.preferences}
          none={state.noPreference}
          showError={showError}
          onChange={(preferences, noPreference) => update({ preferences, noPreference })}
        />
      ) : null}
    </div>
  );
}
