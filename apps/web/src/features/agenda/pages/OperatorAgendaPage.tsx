import type { TBooking } from "@cura/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useCompanyCalendar } from "../api/company-calendar.ts";
import { allFilters, applyFilters, bookingItem } from "../calendar-items.ts";
import { AgendaCalendar } from "../components/AgendaCalendar.tsx";
import { AgendaFilters } from "../components/AgendaFilters.tsx";

const DETAIL = "/operatore/prenotazioni/dettaglio";
const label = (b: TBooking) =>
  `${b.health_service?.name ?? b.company.name} · ${`${b.citizen.name} ${b.citizen.surname}`.trim()}`;

/** The company's calendar for its operators: every booking with a date, coloured by status group. */
export default function OperatorAgendaPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [filters, setFilters] = useState(allFilters);
  const calendar = useCompanyCalendar(range);
  const items = useMemo(
    () =>
      applyFilters(
        (calendar.data ?? []).flatMap((b) => bookingItem(b, DETAIL, label) ?? []),
        filters,
      ),
    [calendar.data, filters],
  );

  return (
    <div>
      <h1 className="mb-3">{t("agenda.operatorTitle")}</h1>
      <AgendaFilters filters={filters} onChange={setFilters} withEvents={false} />
      {calendar.isError ? <FormMessage kind="error">{calendar.error.message}</FormMessage> : null}
      <p className="visually-hidden" role="status">
        {calendar.isFetching ? t("common.loading") : t("agenda.shown", { count: items.length })}
      </p>
      <AgendaCalendar items={items} onRange={setRange} />
    </div>
  );
}
