import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { useWeekSlots } from "../api/slots.ts";
import { addDaysIso, longDate, todayIso } from "../dates.ts";

export interface WeekSlotsProps {
  service: string;
  /** The chosen slot's start. */
  value: string | null;
  onChange: (start: string, label: string) => void;
}

/** The free slots of a health service, one week at a time, as one radio group shown as buttons by day. */
export function WeekSlots({ service, value, onChange }: WeekSlotsProps) {
  const { t, i18n } = useTranslation();
  const today = todayIso();
  const [from, setFrom] = useState(today);
  const to = addDaysIso(from, 6);
  const slots = useWeekSlots(service, from, to);
  const days = slots.data?.days ?? [];
  const groupId = useId();

  return (
    <section aria-labelledby="week-slots-title">
      <h3 id="week-slots-title" className="h5">
        {t("bookingWizard.slots.week", { from: longDate(from, i18n.language), to: longDate(to, i18n.language) })}
      </h3>
      <div className="d-flex gap-2 mb-3">
        <Button
          type="button"
          size="sm"
          color="primary"
          outline
          disabled={from <= today}
          onClick={() => setFrom(addDaysIso(from, -7) < today ? today : addDaysIso(from, -7))}
        >
          {t("bookingWizard.slots.previous")}
        </Button>
        <Button type="button" size="sm" color="primary" outline onClick={() => setFrom(addDaysIso(from, 7))}>
          {t("bookingWizard.slots.next")}
        </Button>
      </div>
      {slots.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {slots.isError ? (
        <FormMessage kind="error">{isApiError(slots.error) ? slots.error.message : t("errors.unexpected")}</FormMessage>
      ) : null}
      {slots.isSuccess && days.length === 0 ? <p role="status">{t("bookingWizard.slots.none")}</p> : null}
      {/* One radio group for the whole week: a single Tab stop, the arrows move from slot to slot
          (a 15-minute service has over a hundred slots a week: one button each took as many Tabs). */}
      {days.map((day) => (
        <fieldset key={day.date} className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{longDate(day.date, i18n.language)}</legend>
          <div className="d-flex flex-wrap gap-2">
            {day.slots.map((slot) => {
              const id = `${groupId}-${slot.start}`;
              return (
                <span key={slot.start}>
                  <input
                    type="radio"
                    className="btn-check"
                    id={id}
                    name={groupId}
                    value={slot.start}
                    checked={value === slot.start}
                    onChange={() => onChange(slot.start, `${longDate(day.date, i18n.language)} ${slot.time}`)}
                  />
                  <label className="btn btn-outline-primary btn-xs" htmlFor={id}>
                    {slot.time}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </section>
  );
}
