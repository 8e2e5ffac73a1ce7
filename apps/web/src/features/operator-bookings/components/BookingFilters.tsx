import { BOOKING_STATUSES, type BookingStatus } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { useOwnHealthServices } from "../../companies/api/health-services.ts";

export interface BookingFilterValues {
  status: BookingStatus | "";
  from: string;
  to: string;
  health_service: string;
}

export const NO_FILTERS: BookingFilterValues = { status: "", from: "", to: "", health_service: "" };

/** The filters of the operator's lists, bulk tools and report: status, appointment dates, health service. */
export function BookingFilters({
  value,
  onChange,
  idPrefix,
}: {
  value: BookingFilterValues;
  onChange: (value: BookingFilterValues) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const services = useOwnHealthServices();
  const set = (patch: Partial<BookingFilterValues>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="row g-3 mb-2">
      <legend className="visually-hidden">{t("operatorBookings.filters.legend")}</legend>
      <SelectField
        id={`${idPrefix}-status`}
        wrapperClassName="col-12 col-md-6 col-lg-3"
        label={t("operatorBookings.filters.status")}
        value={value.status}
        onChange={(e) => set({ status: e.target.value as BookingStatus | "" })}
        options={[
          { value: "", label: t("operatorBookings.filters.anyStatus") },
          ...BOOKING_STATUSES.map((s) => ({ value: s, label: t(`bookings.status.${s}`) })),
        ]}
      />
      <TextField
        id={`${idPrefix}-from`}
        wrapperClassName="col-12 col-md-6 col-lg-3"
        type="date"
        label={t("operatorBookings.filters.from")}
        value={value.from}
        onChange={(e) => set({ from: e.target.value })}
      />
      <TextField
        id={`${idPrefix}-to`}
        wrapperClassName="col-12 col-md-6 col-lg-3"
        type="date"
        label={t("operatorBookings.filters.to")}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set({ to: e.target.value })}
      />
      <SelectField
        id={`${idPrefix}-service`}
        wrapperClassName="col-12 col-md-6 col-lg-3"
        label={t("operatorBookings.filters.service")}
        value={value.health_service}
        onChange={(e) => set({ health_service: e.target.value })}
        options={[
          { value: "", label: t("operatorBookings.filters.anyService") },
          ...(services.data ?? []).map((s) => ({ value: s.hashid, label: s.name })),
        ]}
      />
    </fieldset>
  );
}

/** The filters as query parameters (empty ones left out). */
export function filterQuery(value: BookingFilterValues) {
  return {
    ...(value.status ? { status: value.status } : {}),
    ...(value.from ? { from: value.from } : {}),
    ...(value.to ? { to: value.to } : {}),
    ...(value.health_service ? { health_service: value.health_service } : {}),
  };
}
