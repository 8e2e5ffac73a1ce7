import { COMPANY_LEVELS, STATISTICS_INTERVALS, type StatisticsInterval, type TCompanyStatistics } from "@cura/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { type StatisticsFilter, useStatistics } from "../api/statistics.ts";
import { useStatisticsCharts } from "../components/StatisticsCharts.tsx";
import { NoShowTable, OverTimeTable, ServiceTable, StatusTable } from "../components/StatisticsTables.tsx";

/**
 * `/operatore/analitiche` (spec 002 §2, first-level companies only): the company's bookings by
 * status, by health service and over time, each as an ECharts chart with its data table; then the
 * no-show rates per service and month, with and without reminders (issue 12), as a table.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<StatisticsFilter>({});
  const [draft, setDraft] = useState<{ from: string; to: string; interval: "" | StatisticsInterval }>({
    from: "",
    to: "",
    interval: "",
  });
  const { user } = useSession();
  // Spec 002 §1: first-level companies only. The API refuses the others too; here they are told why.
  const allowed = user?.company?.level === COMPANY_LEVELS.firstLevel;
  const query = useStatistics(filter, allowed);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ from: draft.from, to: draft.to, ...(draft.interval ? { interval: draft.interval } : {}) });
  };

  if (!allowed)
    return (
      <div>
        <h1 className="mb-4">{t("analytics.title")}</h1>
        <FormMessage kind="warning">{t("analytics.firstLevelOnly")}</FormMessage>
      </div>
    );

  return (
    <div>
      <h1 className="mb-4">{t("analytics.title")}</h1>
      <form className="row align-items-end mb-4" onSubmit={onSubmit} aria-label={t("analytics.filters")}>
        <TextField
          wrapperClassName="col-12 col-md-3"
          type="date"
          label={t("analytics.from")}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          wrapperClassName="col-12 col-md-3"
          type="date"
          label={t("analytics.to")}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <SelectField
          wrapperClassName="col-12 col-md-3"
          label={t("analytics.interval")}
          value={draft.interval}
          placeholder={t("analytics.intervals.auto")}
          options={STATISTICS_INTERVALS.map((i) => ({ value: i, label: t(`analytics.intervals.${i}`) }))}
          onChange={(e) => setDraft((d) => ({ ...d, interval: e.target.value as StatisticsInterval | "" }))}
        />
        <div className="col-12 col-md-3 form-group">
          <button type="submit" className="btn btn-primary">
            {t("analytics.apply")}
          </button>
        </div>
      </form>
      {query.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {query.isError ? <FormMessage kind="error">{query.error.message}</FormMessage> : null}
      {query.data ? <StatisticsView stats={query.data} /> : null}
    </div>
  );
}

function StatisticsView({ stats }: { stats: TCompanyStatistics }) {
  const { t, i18n } = useTranslation();
  const charts = useStatisticsCharts(stats);
  const date = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
  return (
    <>
      <p role="status">{t("analytics.summary", { count: stats.total, from: date(stats.from), to: date(stats.to) })}</p>
      {stats.total === 0 ? <p>{t("analytics.empty")}</p> : null}
      <Panel id="statistics-status" title={t("analytics.byStatus")} chart={charts.byStatus}>
        <StatusTable stats={stats} />
      </Panel>
      {stats.by_service.length > 0 ? (
        <Panel id="statistics-service" title={t("analytics.byService")} chart={charts.byService}>
          <ServiceTable stats={stats} />
        </Panel>
      ) : null}
      <Panel id="statistics-time" title={t("analytics.overTime")} chart={charts.overTime}>
        <OverTimeTable stats={stats} />
      </Panel>
      <section aria-labelledby="statistics-no-shows-title" className="mb-5" data-testid="statistics-no-shows">
        <h2 id="statistics-no-shows-title" className="h4">
          {t("analytics.noShowRates.title")}
        </h2>
        <p>{t("analytics.noShowRates.intro")}</p>
        {stats.no_shows.length === 0 ? (
          <p>{t("analytics.noShowRates.empty")}</p>
        ) : (
          // A table wider than a phone scrolls in its box, which takes the focus (as Panel's).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
          <section className="table-responsive" tabIndex={0} aria-labelledby="statistics-no-shows-title">
            <NoShowTable stats={stats} />
          </section>
        )}
      </section>
    </>
  );
}

function Panel({ id, title, chart, children }: { id: string; title: string; chart: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mb-5">
      <h2 id={`${id}-title`} className="h4">
        {title}
      </h2>
      <div className="row">
        <div className="col-12 col-lg-7">{chart}</div>
        {/* A table wider than a phone scrolls in its box: the box takes the focus, so the keyboard
            scrolls it too (axe scrollable-region-focusable, issue 16), and is named after its panel. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard */}
        <section className="col-12 col-lg-5 table-responsive" tabIndex={0} aria-labelledby={`${id}-title`}>
          {children}
        </section>
      </div>
    </section>
  );
}
