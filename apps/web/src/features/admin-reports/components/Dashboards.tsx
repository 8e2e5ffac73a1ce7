import {
  PLATFORM_SERVICES,
  REPORTS_PRODUCTS_REF,
  type TActivityReport,
  type TGrowthReport,
  type TRegistrationsReport,
} from "@cura/domain";
import { useTranslation } from "react-i18next";
import { ReportFigure } from "./ReportFigure.tsx";

// ECharts 6 keeps the axis labels inside the grid by itself (outerBounds), no containLabel needed.
const grid = { left: 8, right: 24, top: 16, bottom: 48 };
/** The last figure of a series: the chart descriptions name it. */
const last = (points: number[]) => points.at(-1) ?? 0;
const percent = (share: number | null, language: string) =>
  share === null ? "–" : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(share);
/** Growth and activity are daily series; a year of days reads best in weeks in a table. */
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

export function useDayLabel() {
  const { i18n } = useTranslation();
  return (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeZone: "UTC" }).format(
      new Date(`${day}T12:00:00Z`),
    );
}

export function RegistrationsDashboard({ report }: { report: TRegistrationsReport }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const types = ["citizens", "operators", "admins"] as const;
  const serviceName = (ref: number) =>
    ref === REPORTS_PRODUCTS_REF
      ? t("adminReports.products")
      : (PLATFORM_SERVICES[ref as keyof typeof PLATFORM_SERVICES] ?? String(ref));
  const total = sum(report.weeks.map((w) => w.citizens + w.operators + w.admins));
  return (
    <>
      <ReportFigure
        testId="report-registrations-weekly"
        title={t("adminReports.registrations.weekly")}
        description={t("adminReports.registrations.weeklyDesc", { count: total })}
        option={{
          tooltip: { trigger: "axis" },
          legend: { bottom: 0 },
          grid,
          xAxis: { type: "category", data: report.weeks.map((w) => dayLabel(w.week)) },
          yAxis: { type: "value", minInterval: 1 },
          series: types.map((type) => ({
            type: "bar",
            stack: "total",
            name: t(`adminReports.types.${type}`),
            data: report.weeks.map((w) => w[type]),
          })),
        }}
        table={{
          columns: [t("adminReports.week"), ...types.map((type) => t(`adminReports.types.${type}`))],
          rows: report.weeks.map((w) => ({
            key: w.week,
            cells: [dayLabel(w.week), w.citizens, w.operators, w.admins],
          })),
        }}
      />
      <ReportFigure
        testId="report-services-company"
        title={t("adminReports.registrations.servicesByCompany")}
        description={t("adminReports.registrations.servicesByCompanyDesc", {
          count: report.services_by_company.length,
        })}
        option={{
          tooltip: { trigger: "axis" },
          grid: { ...grid, bottom: 8 },
          xAxis: { type: "value", minInterval: 1 },
          yAxis: { type: "category", inverse: true, data: report.services_by_company.map((c) => c.name) },
          series: [
            {
              type: "bar",
              name: t("adminReports.activeServices"),
              data: report.services_by_company.map((c) => c.active_services),
            },
          ],
        }}
        table={{
          columns: [t("adminReports.company"), t("adminReports.activeServices")],
          rows: report.services_by_company.map((c) => ({ key: c.company, cells: [c.name, c.active_services] })),
        }}
      />
      <ReportFigure
        testId="report-bookings-service"
        title={t("adminReports.registrations.bookingsByService")}
        description={t("adminReports.registrations.bookingsByServiceDesc", {
          count: sum(report.bookings_by_service.map((s) => s.bookings)),
        })}
        option={{
          tooltip: { trigger: "axis" },
          grid: { ...grid, bottom: 8 },
          xAxis: { type: "value", minInterval: 1 },
          yAxis: {
            type: "category",
            inverse: true,
            data: report.bookings_by_service.map((s) => serviceName(s.position_ref)),
          },
          series: [
            {
              type: "bar",
              name: t("adminReports.bookings"),
              data: report.bookings_by_service.map((s) => s.bookings),
            },
          ],
        }}
        table={{
          columns: [t("adminReports.service"), t("adminReports.bookings")],
          rows: report.bookings_by_service.map((s) => ({
            key: String(s.position_ref),
            cells: [serviceName(s.position_ref), s.bookings],
          })),
        }}
      />
    </>
  );
}

/** The regions drawn one by one; the others are summed into one line. */
const REGION_LINES = 6;

export function GrowthDashboard({ report }: { report: TGrowthReport }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const regionName = (r: string) => r || t("adminReports.noRegion");
  const shown = report.by_region.slice(0, REGION_LINES);
  const rest = report.by_region.slice(REGION_LINES);
  const lines = [
    ...shown.map((r) => ({ name: regionName(r.region), points: r.points })),
    ...(rest.length > 0
      ? [
          {
            name: t("adminReports.otherRegions"),
            points: report.days.map((_, i) => sum(rest.map((r) => r.points[i] ?? 0))),
          },
        ]
      : []),
  ];
  return (
    <>
      <ReportFigure
        testId="report-growth-total"
        title={t("adminReports.growth.total")}
        description={t("adminReports.growth.totalDesc", {
          from: report.total[0] ?? 0,
          to: last(report.total),
        })}
        option={{
          tooltip: { trigger: "axis" },
          grid,
          xAxis: { type: "category", data: report.days.map(dayLabel) },
          yAxis: { type: "value", minInterval: 1 },
          series: [{ type: "line", name: t("adminReports.growth.enrolled"), showSymbol: false, data: report.total }],
        }}
        table={{
          columns: [t("adminReports.day"), t("adminReports.growth.enrolled")],
          // One row a week (and the last day): a year of days is too long to read.
          rows: report.days
            .map((day, i) => ({ key: day, cells: [dayLabel(day), report.total[i] ?? 0], i }))
            .filter((row) => row.i % 7 === 0 || row.i === report.days.length - 1)
            .map(({ key, cells }) => ({ key, cells })),
        }}
      />
      <ReportFigure
        testId="report-growth-region"
        title={t("adminReports.growth.byRegion")}
        description={t("adminReports.growth.byRegionDesc", { count: report.by_region.length })}
        option={{
          tooltip: { trigger: "axis" },
          legend: { bottom: 0 },
          grid,
          xAxis: { type: "category", data: report.days.map(dayLabel) },
          yAxis: { type: "value", minInterval: 1 },
          series: lines.map((line) => ({ type: "line", name: line.name, showSymbol: false, data: line.points })),
        }}
        table={{
          columns: [t("adminReports.region"), t("adminReports.growth.atStart"), t("adminReports.growth.atEnd")],
          rows: report.by_region.map((r) => ({
            key: r.region,
            cells: [regionName(r.region), r.points[0] ?? 0, last(r.points)],
          })),
        }}
      />
    </>
  );
}

export function ActivityDashboard({ report }: { report: TActivityReport }) {
  const { t, i18n } = useTranslation();
  const dayLabel = useDayLabel();
  const days = report.days.map((d) => dayLabel(d.day));
  const measures = ["bookings", "teleconsults", "readings"] as const;
  const withActivity = report.days.filter((d) => d.active_citizens > 0);
  return (
    <>
      <ReportFigure
        testId="report-activity-active"
        title={t("adminReports.activity.active")}
        description={t("adminReports.activity.activeDesc", {
          count: sum(report.days.map((d) => d.active_citizens)),
          share: percent(report.returning_share, i18n.language),
        })}
        option={{
          tooltip: { trigger: "axis" },
          legend: { bottom: 0 },
          grid,
          xAxis: { type: "category", data: days },
          yAxis: [
            { type: "value", minInterval: 1 },
            { type: "value", min: 0, max: 100, axisLabel: { formatter: "{value}%" } },
          ],
          series: [
            {
              type: "bar",
              name: t("adminReports.activity.activeCitizens"),
              data: report.days.map((d) => d.active_citizens),
            },
            {
              type: "line",
              yAxisIndex: 1,
              showSymbol: false,
              name: t("adminReports.activity.returning"),
              data: report.days.map((d) =>
                d.returning_share === null ? null : Math.round(d.returning_share * 1000) / 10,
              ),
            },
          ],
        }}
        table={{
          columns: [
            t("adminReports.day"),
            t("adminReports.activity.activeCitizens"),
            t("adminReports.activity.returning"),
          ],
          rows: withActivity.map((d) => ({
            key: d.day,
            cells: [dayLabel(d.day), d.active_citizens, percent(d.returning_share, i18n.language)],
          })),
        }}
      />
      <ReportFigure
        testId="report-activity-daily"
        title={t("adminReports.activity.daily")}
        description={t("adminReports.activity.dailyDesc", {
          bookings: sum(report.days.map((d) => d.bookings)),
          teleconsults: sum(report.days.map((d) => d.teleconsults)),
          readings: sum(report.days.map((d) => d.readings)),
        })}
        option={{
          tooltip: { trigger: "axis" },
          legend: { bottom: 0 },
          grid,
          xAxis: { type: "category", data: days },
          yAxis: { type: "value", minInterval: 1 },
          series: measures.map((m) => ({
            type: "line",
            showSymbol: false,
            name: t(`adminReports.activity.${m}`),
            data: report.days.map((d) => d[m]),
          })),
        }}
        table={{
          columns: [t("adminReports.day"), ...measures.map((m) => t(`adminReports.activity.${m}`))],
          rows: report.days
            .filter((d) => d.bookings + d.teleconsults + d.readings > 0)
            .map((d) => ({ key: d.day, cells: [dayLabel(d.day), d.bookings, d.teleconsults, d.readings] })),
        }}
      />
    </>
  );
}
