import { BOOKING_STATUS_COLOURS, BOOKING_STATUSES, type TCompanyStatistics } from "@cura/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EChart } from "./EChart.tsx";
import { periodLabel } from "./format.ts";

/** Bootstrap Italia's palette for the status colours (badges and charts agree). */
const PALETTE: Record<string, string> = {
  primary: "#0066cc",
  warning: "#a66300",
  success: "#008055",
  secondary: "#5d7083",
  danger: "#cc334d",
};
const statusColour = (status: (typeof BOOKING_STATUSES)[number]) =>
  PALETTE[BOOKING_STATUS_COLOURS[status]] ?? "#0066cc";

/**
 * The three charts of the statistics page (a hook: the page puts each beside its table). Each is paired with a data table (StatisticsTables),
 * which is the text alternative; the chart's own aria description comes from ECharts.
 */
export function useStatisticsCharts(stats: TCompanyStatistics) {
  const { t, i18n } = useTranslation();

  const byStatus = useMemo(
    () => ({
      tooltip: { trigger: "item" },
      legend: { bottom: 0 },
      series: [
        {
          type: "pie",
          radius: ["40%", "70%"],
          data: stats.by_status
            .filter((s) => s.count > 0)
            .map((s) => ({
              name: t(`analytics.statuses.${s.status}`),
              value: s.count,
              itemStyle: { color: statusColour(s.status) },
            })),
        },
      ],
    }),
    [stats, t],
  );

  const byService = useMemo(
    () => ({
      tooltip: { trigger: "axis" },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: "value", minInterval: 1 },
      yAxis: { type: "category", inverse: true, data: stats.by_service.map((s) => s.name) },
      series: [{ type: "bar", name: t("analytics.bookings"), data: stats.by_service.map((s) => s.count) }],
    }),
    [stats, t],
  );

  const overTime = useMemo(
    () => ({
      tooltip: { trigger: "axis" },
      legend: { bottom: 0 },
      grid: { left: 8, right: 24, top: 8, bottom: 40, containLabel: true },
      xAxis: {
        type: "category",
        data: stats.over_time.map((p) => periodLabel(p.period, stats.interval, i18n.language)),
      },
      yAxis: { type: "value", minInterval: 1 },
      series: BOOKING_STATUSES.map((status) => ({
        type: "bar",
        stack: "total",
        name: t(`analytics.statuses.${status}`),
        itemStyle: { color: statusColour(status) },
        data: stats.over_time.map((p) => p.by_status[status]),
      })),
    }),
    [stats, t, i18n.language],
  );

  return {
    byStatus: <EChart option={byStatus} label={t("analytics.byStatusChart", { total: stats.total })} />,
    byService: (
      <EChart
        option={byService}
        label={t("analytics.byServiceChart", { count: stats.by_service.length })}
        height={Math.max(160, stats.by_service.length * 36)}
      />
    ),
    overTime: <EChart option={overTime} label={t("analytics.overTimeChart", { count: stats.over_time.length })} />,
  };
}
