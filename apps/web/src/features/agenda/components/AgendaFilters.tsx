import type { CalendarItemType } from "@cura/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type CalendarFilters,
  GROUP_COLOURS,
  MOBILE_WIDTH,
  STATUS_GROUPS,
  type StatusGroup,
  WEEKDAYS,
  type Weekday,
} from "../calendar-items.ts";

/** One checkbox per choice, in a fieldset whose legend names the filter. */
function Checks<T extends string | number>({
  legend,
  options,
  selected,
  onChange,
  swatch,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  selected: ReadonlySet<T>;
  onChange: (next: Set<T>) => void;
  swatch?: (value: T) => string | null;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="h6 fw-semibold">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {options.map((option) => {
          const colour = swatch?.(option.value) ?? null;
          return (
            <div className="form-check form-check-inline m-0" key={option.value}>
              <input
                type="checkbox"
                id={`${id}-${option.value}`}
                checked={selected.has(option.value)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(option.value);
                  else next.delete(option.value);
                  onChange(next);
                }}
              />
              <label htmlFor={`${id}-${option.value}`}>
                {colour ? (
                  <span
                    aria-hidden="true"
                    className="d-inline-block rounded-circle me-1 align-middle"
                    style={{ width: 12, height: 12, background: colour }}
                  />
                ) : null}
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

const TYPES: readonly CalendarItemType[] = ["prestazione", "ordine", "teleconsulto", "evento"];

/** The calendar's filters: weekday, request type, status group (its colour is the legend). */
export function AgendaFilters({
  filters,
  onChange,
  withEvents,
}: {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  /** The citizen's calendar has events; the company's does not. */
  withEvents: boolean;
}) {
  const { t } = useTranslation();
  const types = TYPES.filter((type) => withEvents || type !== "evento");
  // Open on wide screens; on a phone the calendar comes first and the filters fold away.
  const wide = typeof window === "undefined" || window.innerWidth >= MOBILE_WIDTH;
  return (
    <details className="mb-3" data-testid="agenda-filters" open={wide}>
      <summary className="mb-2 fw-semibold">{t("agenda.filters.title")}</summary>
      <Checks<Weekday>
        legend={t("agenda.filters.weekdays")}
        options={WEEKDAYS.map((day) => ({ value: day, label: t(`agenda.weekdays.${day}`) }))}
        selected={filters.weekdays}
        onChange={(weekdays) => onChange({ ...filters, weekdays })}
      />
      <Checks<CalendarItemType>
        legend={t("agenda.filters.types")}
        options={types.map((type) => ({ value: type, label: t(`agenda.types.${type}`) }))}
        selected={filters.types}
        onChange={(next) => onChange({ ...filters, types: next })}
        swatch={(type) => (type === "evento" ? GROUP_COLOURS.event : null)}
      />
      <Checks<StatusGroup>
        legend={t("agenda.filters.groups")}
        options={STATUS_GROUPS.map((group) => ({ value: group, label: t(`agenda.groups.${group}`) }))}
        selected={filters.groups}
        onChange={(groups) => onChange({ ...filters, groups })}
        swatch={(group) => GROUP_COLOURS[group]}
      />
    </details>
  );
}
