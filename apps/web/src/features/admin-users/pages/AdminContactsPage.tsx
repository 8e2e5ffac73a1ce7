import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { type ContactsFilters, downloadExport, usePublicContacts } from "../api/users.ts";
import { shortDateTime } from "../format.ts";

/**
 * /admin/contatti (spec 002 §2 `contatti`): the messages of the public home's contact form, newest
 * first, searched and filtered by day, with their XLS export.
 */
export default function AdminContactsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [filters, setFilters] = useState<ContactsFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const contacts = usePublicContacts(filters, page);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: ContactsFilters = {};
    for (const key of ["q", "from", "to"] as const) {
      const value = String(data.get(key) ?? "").trim();
      if (value) next[key] = value;
    }
    setFilters(next);
    setPage(1);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      await downloadExport("users/contatti/pubblici/export/xls", { ...filters }, "contatti.xlsx");
    } catch (error) {
      alerts.error(isApiError(error) ? error.message : t("adminUsers.errors.export"));
    } finally {
      setExporting(false);
    }
  };
  const rows = contacts.data?.data ?? [];
  return (
    <div>
      <h1 className="mb-4">{t("adminDashboard.menu.contacts")}</h1>
      <form onSubmit={onSearch} className="mb-4" aria-label={t("adminUsers.filters.title")}>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            name="q"
            type="search"
            maxLength={100}
            label={t("adminUsers.contacts.q")}
          />
          <TextField wrapperClassName="col-md-3" name="from" type="date" label={t("adminUsers.contacts.from")} />
          <TextField wrapperClassName="col-md-3" name="to" type="date" label={t("adminUsers.contacts.to")} />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">
            {t("adminUsers.filters.search")}
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={onExport} disabled={exporting}>
            {t("adminUsers.export")}
          </button>
        </div>
      </form>
      {contacts.isError ? (
        <div className="alert alert-danger" role="alert">
          {isApiError(contacts.error) ? contacts.error.message : t("adminUsers.errors.generic")}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle cura-stack-table">
            <caption className="visually-hidden">{t("adminDashboard.menu.contacts")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminUsers.contacts.name")}</th>
                <th scope="col">{t("adminUsers.contacts.received")}</th>
                <th scope="col">{t("adminUsers.contacts.email")}</th>
                <th scope="col">{t("adminUsers.contacts.phone")}</th>
                <th scope="col">{t("adminUsers.contacts.message")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.hashid}>
                  <th scope="row">{c.name}</th>
                  <td data-label={t("adminUsers.contacts.received")}>{shortDateTime(c.created_at)}</td>
                  <td data-label={t("adminUsers.contacts.email")} className="text-break">
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </td>
                  <td data-label={t("adminUsers.contacts.phone")}>{c.phone ?? "—"}</td>
                  <td
                    data-label={t("adminUsers.contacts.message")}
                    className="text-break"
                    style={{ whiteSpace: "pre-line" }}
                  >
                    {c.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : contacts.isSuccess ? (
        <p>{t("adminUsers.contacts.none")}</p>
      ) : null}
      {contacts.data ? (
        <Pager
          page={contacts.data.meta.page}
          perPage={contacts.data.meta.per_page}
          total={contacts.data.meta.total}
          onPage={setPage}
          label={t("adminUsers.pagination")}
          withTotal
        />
      ) : null}
    </div>
  );
}
