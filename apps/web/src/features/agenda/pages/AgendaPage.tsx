import type { TAgendaEvent, TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { todayInRome } from "../../bookings/format.ts";
import { useFullCalendar } from "../api/full-calendar.ts";
import { allFilters, applyFilters, bookingItem, type CalendarItem, eventItem } from "../calendar-items.ts";
import { AgendaCalendar } from "../components/AgendaCalendar.tsx";
import { AgendaFilters } from "../components/AgendaFilters.tsx";
import { EventFormModal } from "../components/EventFormModal.tsx";
import { OwnRecurringPanel } from "../components/OwnRecurringPanel.tsx";

const DETAIL = "/cittadino/appuntamenti/dettaglio";
const label = (b: TBooking) => `${b.health_service?.name ?? b.company.name} · ${b.company.name}`;

/** The citizen's agenda (spec 001 §2 screens 10–11): bookings and one's own events on a calendar. */
export default function AgendaPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filters, setFilters] = useState(allFilters);
  const [dialog, setDialog] = useState<{ event: TAgendaEvent | null; date: string } | null>(null);
  const calendar = useFullCalendar(range);

  const items = useMemo(() => {
    const data = calendar.data;
    if (!data) return [];
    const all: CalendarItem[] = [
      ...data.bookings.flatMap((b) => bookingItem(b, DETAIL, label) ?? []),
      ...data.events.map(eventItem),
    ];
    return applyFilters(all, filters);
  }, [calendar.data, filters]);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="mb-0">{t("agenda.title")}</h1>
        <Button type="button" color="primary" onClick={() => setDialog({ event: null, date: todayInRome() })}>
          {t("agenda.newEvent")}
        </Button>
      </div>
      <AgendaFilters filters={filters} onChange={setFilters} withEvents />
      {calendar.isError ? <FormMessage kind="error">{calendar.error.message}</FormMessage> : null}
      <p className="visually-hidden" role="status">
        {calendar.isFetching ? t("common.loading") : t("agenda.shown", { count: items.length })}
      </p>
      <AgendaCalendar
        items={items}
        onRange={setRange}
        onEvent={(item) => item.event && setDialog({ event: item.event, date: item.event.date })}
        onDay={(date) => setDialog({ event: null, date })}
      />
      <OwnRecurringPanel />
      <EventFormModal
        isOpen={dialog !== null}
        event={dialog?.event ?? null}
        date={dialog?.date ?? todayInRome()}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          alerts.success(message);
          setDialog(null);
        }}
      />
    </div>
  );
}
