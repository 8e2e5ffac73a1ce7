import type { DatesSetArg, EventClickArg, EventMountArg } from "@fullcalendar/core";
import enGbLocale from "@fullcalendar/core/locales/en-gb";
import itLocale from "@fullcalendar/core/locales/it";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type DateClickArg } from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import multiMonthPlugin from "@fullcalendar/multimonth";
import FullCalendar from "@fullcalendar/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { currentLanguage } from "../../../lib/i18n.ts";
import { type CalendarItem, MOBILE_WIDTH, rangeOf } from "../calendar-items.ts";
import "./agenda-calendar.css";

const TOOLBAR = { left: "prev,next today", center: "title", right: "multiMonthYear,dayGridMonth,listDay" };
/**
 * A day cell is labelled by its date, which hides the events it holds from its accessible name
 * (axe: label-content-name-mismatch): without the label, its content (the date and the events) names it.
 */
function unlabelDayCell(arg: { el: HTMLElement }) {
  arg.el.removeAttribute("aria-labelledby");
}

const TIME_FORMAT = { hour: "2-digit", minute: "2-digit", hour12: false } as const;
const PLUGINS = [dayGridPlugin, multiMonthPlugin, listPlugin, interactionPlugin];
const LOCALES = [itLocale, enGbLocale];

/**
 * FullCalendar with the views of spec 001 screen 10: month, year, and day (a list, readable on a
 * phone and by screen readers). Bookings open their detail page; one's events call `onEvent`.
 */
export function AgendaCalendar({
  items,
  onRange,
  onEvent,
  onDay,
}: {
  items: readonly CalendarItem[];
  onRange: (range: { from: string; to: string }) => void;
  onEvent?: (item: CalendarItem) => void;
  /** A click on a day (new event on that date). */
  onDay?: (date: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = typeof window !== "undefined" && window.innerWidth < MOBILE_WIDTH;
  const events = useMemo(
    () =>
      items.map((item) => ({
        id: item.id,
        title: item.title,
        start: item.start,
        ...(item.end ? { end: item.end } : {}),
        ...(item.url ? { url: item.url } : {}),
        backgroundColor: item.colour,
        borderColor: item.colour,
        textColor: "#ffffff",
        extendedProps: { item },
      })),
    [items],
  );

  // FullCalendar calls datesSet again whenever its options change: report a range only once.
  const lastRange = useRef("");
  const container = useRef<HTMLDivElement>(null);
  // FullCalendar's prev/next icons are role="img" without a name (the button has one): hide them.
  useEffect(() => {
    for (const icon of container.current?.querySelectorAll(".fc-icon[role='img']") ?? []) {
      icon.removeAttribute("role");
      icon.setAttribute("aria-hidden", "true");
    }
  });
  const reportRange = (arg: DatesSetArg) => {
    const range = rangeOf(arg.start, arg.end);
    const key = `${range.from}/${range.to}`;
    if (key === lastRange.current) return;
    lastRange.current = key;
    onRange(range);
  };
  const labels = useMemo(
    () => ({
      buttonText: {
        today: t("agenda.views.today"),
        year: t("agenda.views.year"),
        month: t("agenda.views.month"),
        day: t("agenda.views.day"),
      },
      // FullCalendar's Italian locale names the arrows "Prec" and "Succ": "Mese successivo" says more.
      buttonHints: { prev: t("agenda.hints.previous"), next: t("agenda.hints.next") },
      views: {
        listDay: { buttonText: t("agenda.views.day") },
        multiMonthYear: { buttonText: t("agenda.views.year") },
      },
    }),
    [t],
  );

  /**
   * A booking's status group is its colour: its status is said in words too, inside the event's link
   * (its accessible name) and as its tooltip, since colour alone tells nothing to a screen reader or
   * to colour-blind eyes (WCAG 1.4.1). The words are the status's one label, as in the lists (issue 16:
   * "Ricevuto" there was the group's "Inoltrato / in attesa di risposta" here). New data re-creates
   * the events, so this runs again then.
   */
  const sayStatus = (arg: EventMountArg) => {
    const { item } = arg.event.extendedProps as { item: CalendarItem };
    // The whole title as a tooltip too: a narrow day cell may still cut a long one (issue 16).
    arg.el.title = item.title;
    if (!item.status) return;
    const status = t(`bookings.status.${item.status}`);
    arg.el.title = `${item.title} – ${status}`;
    const target = arg.el.querySelector(".fc-event-title, .fc-list-event-title a");
    if (!target || target.querySelector(".agenda-event-status")) return;
    const hidden = document.createElement("span");
    hidden.className = "visually-hidden agenda-event-status";
    hidden.textContent = ` (${status})`;
    target.append(hidden);
  };

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const item = info.event.extendedProps.item as CalendarItem;
    if (item.url) navigate(item.url);
    else onEvent?.(item);
  };

  return (
    <div className="agenda-calendar" data-testid="agenda-calendar" ref={container}>
      <FullCalendar
        plugins={PLUGINS}
        initialView={mobile ? "listDay" : "dayGridMonth"}
        locales={LOCALES}
        locale={currentLanguage() === "en" ? "en-gb" : "it"}
        headerToolbar={TOOLBAR}
        buttonText={labels.buttonText}
        buttonHints={labels.buttonHints}
        views={labels.views}
        noEventsContent={t("agenda.noItems")}
        events={events}
        eventInteractive
        // Whole coloured blocks: the status group shows in every view, not as a small dot.
        eventDisplay="block"
        eventTimeFormat={TIME_FORMAT}
        eventClick={onClick}
        dateClick={onDay ? (info: DateClickArg) => onDay(info.dateStr.slice(0, 10)) : undefined}
        datesSet={reportRange}
        dayCellDidMount={unlabelDayCell}
        eventDidMount={sayStatus}
        height="auto"
        dayMaxEvents={3}
        // "+2 altri" opens a popover: FullCalendar renders it as an <a> without href that carries
        // aria-expanded, which only a button may (axe aria-allowed-attr); it is one.
        moreLinkDidMount={(arg) => arg.el.setAttribute("role", "button")}
      />
    </div>
  );
}
