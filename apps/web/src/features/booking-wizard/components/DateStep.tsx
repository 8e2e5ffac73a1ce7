import { useTranslation } from "react-i18next";
import type { StepProps } from "./NeedStep.tsx";
import { PreferencePicker } from "./PreferencePicker.tsx";
import { WeekSlots } from "./WeekSlots.tsx";

/** Step 4: a free slot of the week, or the preferences (screen 14), or no preference. */
export function DateStep({ state, update, showError }: StepProps & { showError: boolean }) {
  const { t } = useTranslation();
  const service = state.service;
  return (
    <div>
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
      {state.dateMode === "slot" && service ? (
        <>
          <WeekSlots
            service={service.hashid}
            value={state.start}
            onChange={(start, startLabel) => update({ start, startLabel })}
          />
          {showError && !state.start ? (
            <div className="alert alert-danger" role="alert">
              {t("bookingWizard.errors.noSlot")}
            </div>
          ) : null}
        </>
      ) : null}
      {state.dateMode === "preferences" ? (
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
