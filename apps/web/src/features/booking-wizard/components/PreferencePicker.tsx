import { BOOKING_MESSAGES, MIN_BOOKING_PREFERENCES, PREFERENCE_SLOTS, type PreferenceSlot } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField, TextField } from "../../../ui/form.tsx";
import { todayIso } from "../dates.ts";

/** One row of the picker: a date and a time of day, possibly still empty. */
export interface PreferenceRow {
  date: string;
  slot: PreferenceSlot | "";
}

export const MAX_PREFERENCES = 10;

export const emptyPreferences = (): PreferenceRow[] =>
  Array.from({ length: MIN_BOOKING_PREFERENCES }, () => ({ date: "", slot: "" }));

/** The complete rows, as the API wants them. */
export function completePreferences(rows: readonly PreferenceRow[]) {
  return rows.flatMap((row) => (row.date && row.slot ? [{ date: row.date, slot: row.slot }] : []));
}

/**
 * Spec 001 §5: at least 3 preferences, each with its time of day, unless "no preference"; a date
 * from today on, and each date and time of day once. Null when fine, the message otherwise.
 */
export function preferencesError(rows: readonly PreferenceRow[], none: boolean): string | null {
  if (none) return null;
  const complete = completePreferences(rows);
  if (complete.length < MIN_BOOKING_PREFERENCES) return BOOKING_MESSAGES.preferencesMin;
  const today = todayIso();
  if (complete.some((p) => p.date < today)) return BOOKING_MESSAGES.preferencePast;
  const keys = complete.map((p) => `${p.date} ${p.slot}`);
  if (new Set(keys).size !== keys.length) return BOOKING_MESSAGES.preferenceRepeated;
  return null;
}

export interface PreferencePickerProps {
  rows: PreferenceRow[];
  none: boolean;
  onChange: (rows: PreferenceRow[], none: boolean) => void;
  /** Shows the error once the user tried to go on. */
  showError: boolean;
}

/** Screen 14: preferred dates, each with a time of day, or "no preference". */
export function PreferencePicker({ rows, none, onChange, showError }: PreferencePickerProps) {
  const { t } = useTranslation();
  const error = showError ? preferencesError(rows, none) : null;
  const slotOptions = Object.entries(PREFERENCE_SLOTS).map(([value, label]) => ({ value, label }));
  const update = (index: number, patch: Partial<PreferenceRow>) =>
    onChange(
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      none,
    );

  return (
    <fieldset aria-describedby={error ? "preferences-error" : undefined}>
      <legend className="h5">{t("bookingWizard.preferences.legend")}</legend>
      <p className="text-muted mb-5">{t("bookingWizard.preferences.hint", { count: MIN_BOOKING_PREFERENCES })}</p>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <div className="row align-items-end" key={index} data-testid="preference-row">
          <TextField
            wrapperClassName="col-12 col-md-5"
            type="date"
            label={t("bookingWizard.preferences.date", { n: index + 1 })}
            min={todayIso()}
            value={row.date}
            disabled={none}
            onChange={(e) => update(index, { date: e.target.value })}
          />
          <SelectField
            wrapperClassName="col-12 col-md-5"
            label={t("bookingWizard.preferences.slot", { n: index + 1 })}
            options={slotOptions}
            placeholder={t("bookingWizard.preferences.chooseSlot")}
            value={row.slot}
            disabled={none}
            onChange={(e) => update(index, { slot: e.target.value as PreferenceSlot | "" })}
          />
          <div className="col-12 col-md-2 mb-4">
            <Button
              type="button"
              color="secondary"
              outline
              size="sm"
              disabled={none || rows.length <= MIN_BOOKING_PREFERENCES}
              aria-label={t("bookingWizard.preferences.remove", { n: index + 1 })}
              onClick={() =>
                onChange(
                  rows.filter((_, i) => i !== index),
                  none,
                )
              }
            >
              {t("bookingWizard.products.remove")}
            </Button>
          </div>
        </div>
      ))}
      <Button
        type="button"
        color="primary"
        outline
        size="sm"
        className="mb-3"
        disabled={none || rows.length >= MAX_PREFERENCES}
        onClick={() => onChange([...rows, { date: "", slot: "" }], none)}
      >
        {t("bookingWizard.preferences.add")}
      </Button>
      <CheckboxField
        label={t("bookingWizard.preferences.none")}
        checked={none}
        onChange={(e) => onChange(rows, e.target.checked)}
      />
      {error ? (
        <div id="preferences-error" className="alert alert-danger mt-2" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
