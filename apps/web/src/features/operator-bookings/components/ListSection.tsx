import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useHandledByMe, useWorklist } from "../api/worklist.ts";
import { BookingFilters, type BookingFilterValues, filterQuery, NO_FILTERS } from "./BookingFilters.tsx";
import { BookingsTable } from "./BookingsTable.tsx";

const PER_PAGE = 20;

/**
 * Section "prenotazioni": the company's bookings, filtered by status, dates and health service,
 * paged; optionally only those awaiting an operator, or only those the operator handled.
 */
export function ListSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BookingFilterValues>(NO_FILTERS);
  const [awaitingOnly, setAwaitingOnly] = useState(false);
  const [mineOnly, setMineOnly] = useState(false);
  const [page, setPage] = useState(1);
  const query = { page, per_page: PER_PAGE, ...filterQuery(filters) };
  const worklist = useWorklist({ ...query, ...(awaitingOnly ? { awaiting: "any" as const } : {}) });
  const mine = useHandledByMe(query, mineOnly);
  const list = mineOnly ? mine : worklist;
  const change = (next: BookingFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <section aria-labelledby="bookings-list-title">
      <h2 id="bookings-list-title" className="h3 mb-3">
        {t("operatorBookings.sections.prenotazioni")}
      </h2>
      <BookingFilters idPrefix="list" value={filters} onChange={change} />
      <div className="d-flex flex-wrap gap-4 mb-3">
        <div className="form-check">
          <input
            id="list-awaiting"
            type="checkbox"
            checked={awaitingOnly}
            disabled={mineOnly}
            onChange={(e) => {
              setAwaitingOnly(e.target.checked);
              setPage(1);
            }}
          />
          <label htmlFor="list-awaiting">{t("operatorBookings.list.awaitingOnly")}</label>
        </div>
        <div className="form-check">
          <input
            id="list-mine"
            type="checkbox"
            checked={mineOnly}
            onChange={(e) => {
              setMineOnly(e.target.checked);
              setPage(1);
            }}
          />
          <label htmlFor="list-mine">{t("operatorBookings.list.mineOnly")}</label>
        </div>
      </div>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message}</FormMessage>
      ) : list.data.data.length === 0 ? (
        <p>{t("operatorBookings.list.empty")}</p>
      ) : (
        <>
          <p className="small" aria-live="polite">
            {t("operatorBookings.list.total", { count: list.data.meta.total })}
          </p>
          <BookingsTable bookings={list.data.data} caption={t("operatorBookings.sections.prenotazioni")} />
          <Pager page={page} perPage={PER_PAGE} total={list.data.meta.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
