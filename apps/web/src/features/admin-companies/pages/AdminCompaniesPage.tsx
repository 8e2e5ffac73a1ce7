import { COMPANY_REPORT_MAX, COMPANY_TYPES } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { type CompaniesQuery, useAdminCompanies, useCompaniesReport, useExportCompanies } from "../api/companies.ts";

const EMPTY: CompaniesQuery = { q: "", type: "", level: "", regione: "", status: "", sort: "name", page: 1 };

/** `/admin/aziende`: every company, filtered and paged; its XLS; the report of the selected ones. */
export default function AdminCompaniesPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [draft, setDraft] = useState(EMPTY);
  const [query, setQuery] = useState(EMPTY);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const companies = useAdminCompanies(query);
  const exporter = useExportCompanies();
  const report = useCompaniesReport();
  const meta = companies.data?.meta;
  const rows = companies.data?.data ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...draft, q: draft.q.trim(), regione: draft.regione.trim(), page: 1 });
  };
  const failed = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  const toggle = (hashid: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(hashid);
      else next.delete(hashid);
      return next;
    });

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center mb-4 gap-2">
        <h1 className="mb-0">{t("adminCompanies.title")}</h1>
        <Link className="btn btn-primary" to="/admin/aziende/nuova">
          {t("adminCompanies.new")}
        </Link>
      </div>
      <form onSubmit={search} className="row align-items-end" aria-label={t("adminCompanies.filters")}>
        <TextField
          wrapperClassName="col-md-4"
          type="search"
          label={t("adminCompanies.search")}
          hint={t("adminCompanies.searchHint")}
          value={draft.q}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminCompanies.fields.type")}
          value={draft.type}
          onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value }))}
          options={[
            { value: "", label: t("adminCompanies.any") },
            ...Object.entries(COMPANY_TYPES).map(([value, label]) => ({ value, label })),
          ]}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminCompanies.fields.level")}
          value={draft.level}
          onChange={(e) => setDraft((d) => ({ ...d, level: e.target.value }))}
          options={[
            { value: "", label: t("adminCompanies.any") },
            ...([1, 2, 3, 4, 5] as const).map((l) => ({ value: String(l), label: t(`adminCompanies.levels.${l}`) })),
          ]}
        />
        <TextField
          wrapperClassName="col-md-4"
          label={t("adminCompanies.fields.regione")}
          value={draft.regione}
          onChange={(e) => setDraft((d) => ({ ...d, regione: e.target.value }))}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminCompanies.fields.status")}
          value={draft.status}
          onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}
          options={[
            { value: "", label: t("adminCompanies.any") },
            { value: "active", label: t("adminCompanies.status.active") },
            { value: "disabled", label: t("adminCompanies.status.disabled") },
          ]}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminCompanies.sort")}
          value={draft.sort}
          onChange={(e) => setDraft((d) => ({ ...d, sort: e.target.value }))}
          options={(["name", "-name", "created_at", "-created_at"] as const).map((value) => ({
            value,
            label: t(`adminCompanies.sorts.${value}`),
          }))}
        />
        <div className="col-12 mb-4 d-flex flex-wrap gap-2">
          <Button color="primary" type="submit">
            {t("adminCompanies.apply")}
          </Button>
          <Button
            color="primary"
            outline
            type="button"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate(query, { onError: failed })}
          >
            {t("adminCompanies.exportXls")}
          </Button>
          <Button
            color="primary"
            outline
            type="button"
            disabled={selected.size === 0 || selected.size > COMPANY_REPORT_MAX || report.isPending}
            onClick={() => report.mutate({ ids: [...selected] }, { onError: failed })}
          >
            {t("adminCompanies.report", { count: selected.size })}
          </Button>
        </div>
      </form>

      {companies.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {companies.isError ? <FormMessage kind="error">{companies.error.message}</FormMessage> : null}
      {companies.data && rows.length === 0 ? <p>{t("adminCompanies.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-hover cura-stack-table">
            <caption className="visually-hidden">{t("adminCompanies.caption", { total: meta?.total ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col" className="cura-stack-keep">
                  <span className="visually-hidden">{t("adminCompanies.select")}</span>
                </th>
                <th scope="col">{t("adminCompanies.fields.name")}</th>
                <th scope="col">{t("adminCompanies.fields.code")}</th>
                <th scope="col">{t("adminCompanies.fields.type")}</th>
                <th scope="col">{t("adminCompanies.fields.level")}</th>
                <th scope="col">{t("adminCompanies.fields.place")}</th>
                <th scope="col">{t("adminCompanies.fields.operators")}</th>
                <th scope="col">{t("adminCompanies.fields.status")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.hashid} data-testid="company-row">
                  <td>
                    <input
                      type="checkbox"
                      id={`select-${c.hashid}`}
                      aria-label={t("adminCompanies.selectOne", { name: c.name })}
                      checked={selected.has(c.hashid)}
                      onChange={(e) => toggle(c.hashid, e.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    <Link to={`/admin/aziende/dettaglio/${c.hashid}`}>{c.name}</Link>
                  </th>
                  <td data-label={t("adminCompanies.fields.code")}>
                    <code>{c.code}</code>
                  </td>
                  <td data-label={t("adminCompanies.fields.type")}>
                    {c.subtype_label ? `${c.type_label} · ${c.subtype_label}` : c.type_label}
                  </td>
                  <td data-label={t("adminCompanies.fields.level")}>{c.level}</td>
                  <td data-label={t("adminCompanies.fields.place")}>
                    {c.comune && c.provincia ? `${c.comune} (${c.provincia})` : (c.comune ?? c.provincia ?? "—")}
                  </td>
                  <td data-label={t("adminCompanies.fields.operators")}>{c.operators}</td>
                  <td data-label={t("adminCompanies.fields.status")}>
                    <span className={`badge ${c.active ? "bg-success" : "bg-secondary"}`}>
                      {t(c.active ? "adminCompanies.status.active" : "adminCompanies.status.disabled")}
                    </span>
                  </td>
                </tr>
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
          label={t("adminCompanies.pagination")}
        />
      ) : null}
    </div>
  );
}
