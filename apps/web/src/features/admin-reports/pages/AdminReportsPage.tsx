import { REPORT_DASHBOARDS, type ReportDashboard, type TReportsQuery } from "@cura/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useActivityReport, useGrowthReport, useRegistrationsReport, useReportsOverview } from "../api/reports.ts";
import { ActivityDashboard, GrowthDashboard, RegistrationsDashboard } from "../components/Dashboards.tsx";

/**
 * /admin/reports (spec 002 §2 admin `reports`, issue 14): three dashboards drawn with ECharts from
 * the daily rollups, filtered by dates and region; each may be an external dashboard instead
 * (REPORTS_EMBED_URL_n), shown in a sandboxed frame.
 */
export default function AdminReportsPage() {
  const { t } = useTranslation();
  const overview = useReportsOverview();
  const [tab, setTab] = useState<ReportDashboard>("registrations");
  const [filters, setFilters] = useState<TReportsQuery>({});
  const [draft, setDraft] = useState({ from: "", to: "", region: "" });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ from: draft.from || undefined, to: draft.to || undefined, region: draft.region || undefined });
  };
  const embed = overview.data?.embeds[tab] ?? null;
  const updated = overview.data?.updated_at;

  return (
    <div>
      <h1 className="mb-3">{t("adminReports.title")}</h1>
      <p className="small text-muted">
        {updated
          ? t("adminReports.updatedAt", { at: new Date(updated).toLocaleString("it-IT", { timeZone: "Europe/Rome" }) })
          : t("adminReports.notYet")}
      </p>
      <form className="row align-items-end mb-4" onSubmit={onSubmit} aria-label={t("adminReports.filters")}>
        <TextField
          wrapperClassName="col-12 col-md-3"
          type="date"
          label={t("adminReports.from")}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          wrapperClassName="col-12 col-md-3"
          type="date"
          label={t("adminReports.to")}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <SelectField
          wrapperClassName="col-12 col-md-3"
          label={t("adminReports.region")}
          value={draft.region}
          placeholder={t("adminReports.allRegions")}
          options={(overview.data?.regions ?? []).map((r) => ({ value: r, label: r }))}
          onChange={(e) => setDraft((d) => ({ ...d, region: e.target.value }))}
        />
        <div className="col-12 col-md-3 form-group">
          <button type="submit" className="btn btn-primary">
            {t("adminReports.apply")}
          </button>
        </div>
        <p className="col-12 small text-muted mb-0">{t("adminReports.regionHint")}</p>
      </form>
      <div className="nav nav-tabs mb-4" role="tablist" aria-label={t("adminReports.dashboards")}>
        {REPORT_DASHBOARDS.map((name) => (
          <button
            key={name}
            id={`report-tab-${name}`}
            type="button"
            role="tab"
            className={`nav-link${tab === name ? " active" : ""}`}
            aria-selected={tab === name}
            aria-controls={`report-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(e) => {
              const i = REPORT_DASHBOARDS.indexOf(name);
              const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const next = REPORT_DASHBOARDS[(i + step + REPORT_DASHBOARDS.length) % REPORT_DASHBOARDS.length];
              if (!next) return;
              setTab(next);
              document.getElementById(`report-tab-${next}`)?.focus();
            }}
          >
            {t(`adminReports.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div id={`report-panel-${tab}`} role="tabpanel" aria-labelledby={`report-tab-${tab}`}>
        <h2 className="h4 mb-3">{t(`adminReports.tabs.${tab}`)}</h2>
        {overview.isPending ? <Loading /> : null}
        {overview.isError ? <FormMessage kind="error">{overview.error.message}</FormMessage> : null}
        {overview.data ? (
          embed ? (
            <iframe
              src={embed}
              title={t("adminReports.embedTitle", { name: t(`adminReports.tabs.${tab}`) })}
              sandbox="allow-scripts allow-same-origin allow-popups"
              referrerPolicy="no-referrer"
              style={{ width: "100%", height: 720, border: 0 }}
            />
          ) : (
            <Dashboard name={tab} filters={filters} />
          )
        ) : null}
      </div>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-muted">
      {t("common.loading")}
    </p>
  );
}

function Dashboard({ name, filters }: { name: ReportDashboard; filters: TReportsQuery }) {
  const registrations = useRegistrationsReport(filters, name === "registrations");
  const growth = useGrowthReport(filters, name === "growth");
  const activity = useActivityReport(filters, name === "activity");
  const query = name === "registrations" ? registrations : name === "growth" ? growth : activity;
  if (query.isError) return <FormMessage kind="error">{query.error.message}</FormMessage>;
  if (name === "registrations" && registrations.data) return <RegistrationsDashboard report={registrations.data} />;
  if (name === "growth" && growth.data) return <GrowthDashboard report={growth.data} />;
  if (name === "activity" && activity.data) return <ActivityDashboard report={activity.data} />;
  return <Loading />;
}
