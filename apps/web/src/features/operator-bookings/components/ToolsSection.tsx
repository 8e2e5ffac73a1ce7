import type { TBookingSelection, TBulkResult } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useMassClose, useMassReject } from "../api/bulk.ts";
import { useWorklist } from "../api/worklist.ts";
import { BookingFilters, type BookingFilterValues, filterQuery, NO_FILTERS } from "./BookingFilters.tsx";
import { BookingsTable } from "./BookingsTable.tsx";
import { RefuseReasonModal } from "./RefuseReasonModal.tsx";

const PER_PAGE = 50;

type Target = "selected" | "filtered";
type Pending = { action: "close" | "reject"; target: Target } | null;

/**
 * Section "strumenti": bulk close (evaso) or refusal (with a reason) of the selected bookings, or
 * of every booking matching the filter (dates required). The server moves those the state machine
 * allows and skips the others; the outcome says how many of each.
 */
export function ToolsSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BookingFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [outcome, setOutcome] = useState<TBulkResult | null>(null);
  const list = useWorklist({ page, per_page: PER_PAGE, ...filterQuery(filters) });
  const close = useMassClose();
  const reject = useMassReject();
  const busy = close.isPending || reject.isPending;
  const datesSet = Boolean(filters.from && filters.to);

  const selection = (target: Target): TBookingSelection =>
    target === "selected"
      ? { ids: [...selected] }
      : { from: filters.from, to: filters.to, ...filterQuery({ ...filters, from: "", to: "" }) };
  const done = (result: TBulkResult) => {
    setOutcome(result);
    setSelected(new Set());
    setPending(null);
  };
  const errorOf = (error: unknown) => (error ? (isApiError(error) ? error.message : t("errors.unexpected")) : null);
  const open = (action: "close" | "reject", target: Target) => {
    close.reset();
    reject.reset();
    setOutcome(null);
    setPending({ action, target });
  };
  const count = pending?.target === "selected" ? selected.size : (list.data?.meta.total ?? 0);

  return (
    <section aria-labelledby="bookings-tools-title">
      <h2 id="bookings-tools-title" className="h3 mb-3">
        {t("operatorBookings.sections.strumenti")}
      </h2>
      <p>{t("operatorBookings.tools.intro")}</p>
      <BookingFilters
        idPrefix="tools"
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t("operatorBookings.tools.toolbar")}>
        <span className="align-self-center me-2" aria-live="polite" data-testid="selected-count">
          {t("operatorBookings.tools.selected", { count: selected.size })}
        </span>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={selected.size === 0 || busy}
          onClick={() => open("close", "selected")}
        >
          {t("operatorBookings.tools.closeSelected")}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={selected.size === 0 || busy}
          onClick={() => open("reject", "selected")}
        >
          {t("operatorBookings.tools.rejectSelected")}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={!datesSet || busy}
          onClick={() => open("close", "filtered")}
        >
          {t("operatorBookings.tools.closeFiltered")}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={!datesSet || busy}
          onClick={() => open("reject", "filtered")}
        >
          {t("operatorBookings.tools.rejectFiltered")}
        </button>
      </div>
      {!datesSet ? <p className="small">{t("operatorBookings.tools.datesHint")}</p> : null}
      {outcome ? (
        <FormMessage kind="success" testId="bulk-outcome">
          {t("operatorBookings.tools.outcome", { changed: outcome.changed, skipped: outcome.skipped })}
        </FormMessage>
      ) : null}

      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message}</FormMessage>
      ) : list.data.data.length === 0 ? (
        <p>{t("operatorBookings.list.empty")}</p>
      ) : (
        <>
          <BookingsTable
            bookings={list.data.data}
            caption={t("operatorBookings.sections.strumenti")}
            selected={selected}
            onSelectedChange={setSelected}
          />
          <Pager page={page} perPage={PER_PAGE} total={list.data.meta.total} onPage={setPage} />
        </>
      )}

      <ConfirmModal
        isOpen={pending?.action === "close"}
        title={t("operatorBookings.tools.closeTitle")}
        confirmLabel={t("operatorBookings.tools.closeConfirm")}
        cancelLabel={t("operatorBookings.refuse.keep")}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && close.mutate(selection(pending.target), { onSuccess: done })}
      >
        <p>{t("operatorBookings.tools.closeBody", { count })}</p>
        {close.error ? <FormMessage kind="error">{errorOf(close.error)}</FormMessage> : null}
      </ConfirmModal>
      <RefuseReasonModal
        isOpen={pending?.action === "reject"}
        title={t("operatorBookings.tools.rejectTitle")}
        intro={<p className="mb-0">{t("operatorBookings.tools.rejectBody", { count })}</p>}
        confirmLabel={t("operatorBookings.tools.rejectConfirm")}
        busy={busy}
        error={errorOf(reject.error)}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          pending && reject.mutate({ selection: selection(pending.target), reason }, { onSuccess: done })
        }
      />
    </section>
  );
}
