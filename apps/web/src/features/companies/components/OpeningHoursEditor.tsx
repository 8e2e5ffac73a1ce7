import { COMPANY_MESSAGES, SLOT_LIMITS, type TOpeningsBody, type TWeeklyOpenings, ZOpeningsBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useCompanyOpenings, useSaveCompanyOpenings } from "../api/openings.ts";
import { Loading } from "./Loading.tsx";
import { WEEKDAY_KEYS } from "./weekdays.ts";

interface Range {
  from: string;
  to: string;
}

type Week = Range[][];

/** Seven lists of ranges, Monday first, from the API's answer. */
export function weekOf(openings: TWeeklyOpenings | undefined): Week {
  return Array.from({ length: 7 }, (_, i) =>
    (openings?.days.find((d) => d.weekday === i + 1)?.ranges ?? []).map((r) => ({ ...r })),
  );
}

export function bodyOf(week: Week): TOpeningsBody {
  return {
    days: week.map((ranges, i) => ({ weekday: i + 1, ranges })).filter((d) => d.ranges.length > 0),
  };
}

/**
 * The company's weekly opening hours: several ranges a day, a day without ranges is closed. Saved as
 * a whole (POST companies/own/openings), validated first with the server's schema.
 */
export function OpeningHoursEditor({ company }: { company: string }) {
  const query = useCompanyOpenings(company);
  const save = useSaveCompanyOpenings(company);
  if (query.isPending) return <Loading />;
  if (query.isError) return <FormMessage kind="error">{query.error.message}</FormMessage>;
  return (
    <WeeklyHoursForm
      openings={query.data}
      busy={save.isPending}
      onSave={(body, done) => save.mutate(body, { onSuccess: done.success, onError: done.error })}
    />
  );
}

export interface SaveCallbacks {
  success: () => void;
  error: (error: unknown) => void;
}

export interface WeeklyHoursFormProps {
  openings: TWeeklyOpenings;
  busy: boolean;
  onSave: (body: TOpeningsBody, done: SaveCallbacks) => void;
  /** The heading; the company's hours by default. */
  title?: string;
  /** Extra buttons beside Save (clearing a service's own hours). */
  actions?: ReactNode;
  /** Inside a modal the form starts at h3; on a page at h3 too, but with the section's visual size. */
  headingClassName?: string;
}

/** A week of opening ranges, validated with the server's schema before `onSave`. */
export function WeeklyHoursForm({
  openings,
  busy,
  onSave,
  title,
  actions,
  headingClassName = "h4",
}: WeeklyHoursFormProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const [week, setWeek] = useState<Week>(() => weekOf(openings));
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  // A new answer (saved, cleared, or another owner's hours) replaces what the form shows.
  useEffect(() => setWeek(weekOf(openings)), [openings]);

  const update = (day: number, next: Range[]) => setWeek((w) => w.map((ranges, i) => (i === day ? next : ranges)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(week);
    const parsed = ZOpeningsBody.safeParse(body);
    if (!parsed.success) {
      // Paths name the index in `days`, which skips closed days: map back to the weekday.
      const messages = new Map<string, string>();
      for (const [path, message] of firstMessages(parsed.error.issues)) {
        const [, dayIndex, ...rest] = path.split(".");
        const weekday = body.days[Number(dayIndex)]?.weekday;
        messages.set(weekday ? [weekday, ...rest].join(".") : path, message);
      }
      setErrors(messages);
      return;
    }
    setErrors(new Map());
    onSave(parsed.data, {
      success: () => alerts.success(COMPANY_MESSAGES.openingsUpdated),
      error: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
    });
  };

  return (
    // cura-openings: the time fields' labels stand above them (styles.css), not floated over the day.
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="cura-openings">
      <h3 id={titleId} className={headingClassName}>
        {title ?? t("companies.openings.title")}
      </h3>
      <p>{t("companies.openings.hint", { zone: openings.time_zone })}</p>
      {week.map((ranges, day) => {
        const weekday = day + 1;
        const dayName = t(WEEKDAY_KEYS[day] ?? "companies.weekdays.1");
        const dayError = errors.get(`${weekday}.ranges`);
        return (
          <fieldset key={weekday} className="mb-3 border-bottom pb-2" data-testid={`openings-day-${weekday}`}>
            <legend className="h6 fw-semibold">{dayName}</legend>
            {ranges.length === 0 ? <p className="text-muted mb-2">{t("companies.openings.closed")}</p> : null}
            {ranges.map((range, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their position
              <div className="row align-items-end" key={index}>
                <TextField
                  wrapperClassName="col-5 col-md-3"
                  type="time"
                  label={t("companies.openings.from", { day: dayName, n: index + 1 })}
                  value={range.from}
                  onChange={(e) =>
                    update(
                      day,
                      ranges.map((r, i) => (i === index ? { ...r, from: e.target.value } : r)),
                    )
                  }
                  error={errors.get(`${weekday}.ranges.${index}.from`)}
                />
                <TextField
                  wrapperClassName="col-5 col-md-3"
                  type="time"
                  label={t("companies.openings.to", { day: dayName, n: index + 1 })}
                  value={range.to}
                  onChange={(e) =>
                    update(
                      day,
                      ranges.map((r, i) => (i === index ? { ...r, to: e.target.value } : r)),
                    )
                  }
                  error={errors.get(`${weekday}.ranges.${index}.to`)}
                />
                <div className="col-auto col-md-3 form-group">
                  <Button
                    type="button"
                    color="danger"
                    outline
                    size="xs"
                    onClick={() =>
                      update(
                        day,
                        ranges.filter((_, i) => i !== index),
                      )
                    }
                    aria-label={t("companies.openings.removeRange", { day: dayName, n: index + 1 })}
                  >
                    {t("companies.actions.remove")}
                  </Button>
                </div>
              </div>
            ))}
            {dayError ? <div className="invalid-feedback d-block mb-2">{dayError}</div> : null}
            {ranges.length < SLOT_LIMITS.maxRangesPerDay ? (
              <Button
                type="button"
                color="primary"
                outline
                size="xs"
                onClick={() => update(day, [...ranges, { from: "09:00", to: "13:00" }])}
                aria-label={t("companies.openings.addRange", { day: dayName })}
              >
                {t("companies.openings.addRangeShort")}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {errors.get("days") ? <FormMessage kind="error">{errors.get("days")}</FormMessage> : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" color="primary" disabled={busy}>
          {t("companies.openings.save")}
        </Button>
        {actions}
      </div>
    </form>
  );
}
