import { reportFileName } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { useDownloadReport } from "../api/bulk.ts";
import { BookingFilters, type BookingFilterValues, filterQuery, NO_FILTERS } from "./BookingFilters.tsx";

/** Section "report": the bookings of a date range (and status, health service) as an Excel file. */
export function ReportSection() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BookingFilterValues>(NO_FILTERS);
  const download = useDownloadReport();
  const ready = Boolean(filters.from && filters.to);
  const submit = () => {
    const selection = { ...filterQuery(filters), from: filters.from, to: filters.to };
    download.mutate(selection, { onSuccess: (blob) => saveBlob(blob, reportFileName(filters.from, filters.to)) });
  };
  return (
    <section aria-labelledby="bookings-report-title">
      <h2 id="bookings-report-title" className="h3 mb-3">
        {t("operatorBookings.sections.report")}
      </h2>
      <p>{t("operatorBookings.report.intro")}</p>
      <BookingFilters idPrefix="report" value={filters} onChange={setFilters} />
      {!ready ? <p className="small">{t("operatorBookings.tools.datesHint")}</p> : null}
      <button type="button" className="btn btn-primary" disabled={!ready || download.isPending} onClick={submit}>
        {download.isPending ? t("operatorBookings.report.preparing") : t("operatorBookings.report.download")}
      </button>
      {download.isError ? (
        <FormMessage kind="error">
          {isApiError(download.error) ? download.error.message : t("errors.unexpected")}
        </FormMessage>
      ) : null}
      {download.isSuccess ? <FormMessage kind="success">{t("operatorBookings.report.done")}</FormMessage> : null}
    </section>
  );
}
