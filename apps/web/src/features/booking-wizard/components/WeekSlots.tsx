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

/** "lun 24 nov": a day of the picker, short enough for seven in a row on a phone. */
function shortDay(date: string, language: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * The free slots of a health service, one week at a time: first a day (the week's days with free
 * slots), then that day's times. Each is one radio group shown as buttons: one Tab stop, the arrows
 * move inside (issue 16: a 15-minute service has over a hundred slots a week, and the whole week at
 * once was a wall of buttons to scroll and tab through).
 */
export function WeekSlots({ service, value, onChange }: WeekSlotsProps) {
  const { t, i18n } = useTranslation();
  const today = todayIso();
  const [from, setFrom] = useState(today);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const to = addDaysIso(from, 6);
  const slots = useWeekSlots(service, from, to);
  const days = slots.data?.days ?? [];
  // The day picked, else the one of the chosen slot (back from the summary), else the first free one.
  const day =
    days.find((d) => d.date === chosenDay) ?? days.find((d) => d.slots.some((s) => s.start === value)) ?? days[0];
  const dayGroup = useId();
  const slotGroup = useId();
  const dayLabelId = `${dayGroup}-label`;
  const showWeek = (start: string) => {
    setFrom(start);
    setChosenDay(null);
  };

  return (
    <section aria-labelledby="week-slots-title">
      <h3 id="week-slots-title" className="h5">
        {t("bookingWizard.slots.week", { from: longDate(from, i18n.language), to: longDate(to, i18n.language) })}
      </h3>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          type="button"
          size="sm"
          color="primary"
          outline
          disabled={from <= today}
          onClick={() => showWeek(addDaysIso(from, -7) < today ? today : addDaysIso(from, -7))}
        >
          {t("bookingWizard.slots.previous")}
        </Button>
        <Button type="button" size="sm" color="primary" outline onClick={() => showWeek(addDaysIso(from, 7))}>
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
      {days.length > 0 ? (
        // Not a fieldset: the times below are the step's fieldset, named by the day.
        <div role="radiogroup" aria-labelledby={dayLabelId} className="mb-3">
          <p id={dayLabelId} className="fw-semibold mb-1">
            {t("bookingWizard.slots.day")}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {days.map((d) => {
              const id = `${dayGroup}-${d.date}`;
              return (
                <span key={d.date}>
                  <input
                    type="radio"
                    className="btn-check"
                    id={id}
                    name={dayGroup}
                    value={d.date}
                    checked={day?.date === d.date}
                    onChange={() => setChosenDay(d.date)}
                  />
                  <label className="btn btn-outline-primary btn-sm cura-slot-day" htmlFor={id}>
                    <span className="d-block text-nowrap">{shortDay(d.date, i18n.language)}</span>
                    <span className="d-block small fw-normal text-nowrap">
                      {t("bookingWizard.slots.count", { count: d.slots.length })}
                    </span>
                  </label>
                </span>
              );
            })}
          </div>
        </div>
      ) : null}
      {day ? (
        <fieldset className="mb-3" data-testid="day-slots">
          <legend className="fs-6 fw-semibold mb-1">{longDate(day.date, i18n.language)}</legend>
          <div className="d-flex flex-wrap gap-2">
            {day.slots.map((slot) => {
              const id = `${slotGroup}-${slot.start}`;
              return (
                <span key={slot.start}>
                  <input
                    type="radio"
                    className="btn-check"
                    id={id}
                    name={slotGroup}
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
      ) : null}
    </section>
  );
}
