import { type AdminBookingSection, BOOKING_STATUS_LABELS, BOOKING_STATUSES, type TAdminBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { shortDateTime } from "../../admin-users/format.ts";
import {
  type AdminBookingsQuery,
  useAdminBookings,
  useBookingCompanies,
  useExportAdminBookings,
} from "../api/bookings.ts";

/**
 * `/admin/prenotazioni` ("Visite e servizi") and `/admin/prenotazioni/farmaci` ("Farmaci"): the
 * same page on every company's bookings, filtered on the entry's kinds. Read only.
 */
export default function AdminBookingsPage() {
  const { pathname } = useLocation();
  const section: AdminBookingSection = /\/prenotazioni\/farmaci\/?$/.test(pathname) ? "farmaci" : "servizi";
  // A new entry starts from its own empty filters.
  return <BookingsList key={section} section={section} />;
}

const dateTime = (iso: string | null) => (iso ? shortDateTime(iso) : "—");

function BookingsList({ section }: { section: AdminBookingSection }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const empty: AdminBookingsQuery = { section, company: "", status: "", from: "", to: "", q: "", page: 1 };
  const [draft, setDraft] = useState(empty);
  const [query, setQuery] = useState(empty);
  const bookings = useAdminBookings(query);
  const companies = useBookingCompanies();
  const exporter = useExportAdminBookings();
  const rows = bookings.data?.data ?? [];
  const meta = bookings.data?.meta;
  const errors = bookings.isError && isApiError(bookings.error) ? bookings.error.errors : {};
  const set = (key: keyof AdminBookingsQuery) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const title = t(section === "farmaci" ? "adminBookings.medicinesTitle" : "adminBookings.servicesTitle");
  return (
    <div>
      <h1 className="mb-4">{title}</h1>
      <form
        className="row align-items-end"
        aria-label={t("adminBookings.filters")}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...draft, q: draft.q.trim(), page: 1 });
        }}
      >
        <TextField
          wrapperClassName="col-md-4"
          type="search"
          label={t("adminBookings.search")}
          value={draft.q}
          onChange={set("q")}
          error={errors.q?.join(" ")}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminBookings.company")}
          value={draft.company}
          onChange={set("company")}
          options={[
            { value: "", label: t("adminBookings.any") },
            ...(companies.data?.data ?? []).map((c) => ({ value: c.hashid, label: c.name })),
          ]}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminBookings.status")}
          value={draft.status}
          onChange={set("status")}
          options={[
            { value: "", label: t("adminBookings.any") },
            ...BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] })),
          ]}
        />
        <TextField
          wrapperClassName="col-md-3"
          type="date"
          label={t("adminBookings.from")}
          value={draft.from}
          onChange={set("from")}
          error={errors.from?.join(" ")}
        />
        <TextField
          wrapperClassName="col-md-3"
          type="date"
          label={t("adminBookings.to")}
          value={draft.to}
          onChange={set("to")}
          error={errors.to?.join(" ")}
        />
        <div className="col-md-6 mb-4 d-flex gap-2">
          <Button color="primary" type="submit">
            {t("adminBookings.apply")}
          </Button>
          <Button
            color="primary"
            outline
            type="button"
            disabled={exporter.isPending}
            onClick={() =>
              exporter.mutate(query, {
                onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
              })
            }
          >
            {t("adminBookings.export")}
          </Button>
        </div>
      </form>
      {bookings.isError ? <FormMessage kind="error">{bookings.error.message}</FormMessage> : null}
      {bookings.data && rows.length === 0 ? <p>{t("adminBookings.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <caption className="visually-hidden">{t("adminBookings.caption", { total: meta?.total ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminBookings.citizen")}</th>
                <th scope="col">{t(section === "farmaci" ? "adminBookings.products" : "adminBookings.service")}</th>
                <th scope="col">{t("adminBookings.company")}</th>
                <th scope="col">{t("adminBookings.status")}</th>
                <th scope="col">{t("adminBookings.appointment")}</th>
                <th scope="col">{t("adminBookings.createdAt")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <BookingRow key={b.hashid} booking={b} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {meta ? (
        <Pager
          page={query.page}
          perPage={meta.per_page}
          total={meta.total}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
          label={t("adminBookings.pagination")}
        />
      ) : null}
    </div>
  );
}

function BookingRow({ booking: b }: { booking: TAdminBooking }) {
  const { t } = useTranslation();
  const what = b.service ?? b.products.map((p) => `${p.name} × ${p.quantity}`).join(", ");
  return (
    <tr data-testid="admin-booking-row">
      <th scope="row">
        {[b.citizen.surname, b.citizen.name].filter(Boolean).join(" ") || "—"}
        {b.citizen.cf ? <div className="small text-muted">{b.citizen.cf}</div> : null}
        {b.for_member ? <div className="small">{t("adminBookings.forMember", { name: b.for_member })}</div> : null}
      </th>
      <td data-label={t(b.kind === "prodotto" ? "adminBookings.products" : "adminBookings.service")}>{what || "—"}</td>
      <td data-label={t("adminBookings.company")}>
        <Link to={`/admin/aziende/dettaglio/${b.company.hashid}`}>{b.company.name}</Link>
      </td>
      <td data-label={t("adminBookings.status")}>{BOOKING_STATUS_LABELS[b.status]}</td>
      <td data-label={t("adminBookings.appointment")}>{dateTime(b.start_at)}</td>
      <td data-label={t("adminBookings.createdAt")}>{dateTime(b.created_at)}</td>
    </tr>
  );
}
