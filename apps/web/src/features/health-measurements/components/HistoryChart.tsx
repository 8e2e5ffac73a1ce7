import type { TBand } from "@cura/domain";
import type { EChartsCoreOption } from "echarts/core";
import { useEffect, useMemo, useRef } from "react";

/** The band colours by risk (0 none … 4 very high), light enough for the line to read over them. */
export const RISK_COLOURS = ["#d9f2e3", "#fff4c2", "#ffe0b3", "#ffc9c2", "#f5a3a3"] as const;

export interface HistoryChartProps {
  points: ReadonlyArray<{ measured_at: string; value: number }>;
  bands: readonly TBand[];
  unit: string;
  /** The chart's accessible name; the readings' table beside it is the text alternative. */
  label: string;
  height?: number;
}

/**
 * One parameter's readings over time with the person's bands drawn behind them (issue 11 "History:
 * ECharts, bands drawn"). ECharts loads on first use, in its own chunk.
 */
export function HistoryChart({ points, bands, unit, label, height = 300 }: HistoryChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(o: EChartsCoreOption, notMerge?: boolean): void; dispose(): void } | null>(null);
  const option = useMemo<EChartsCoreOption>(() => {
    const values = points.map((p) => p.value);
    const low = Math.min(...values, ...bands.map((b) => b.min));
    const high = Math.max(...values, ...bands.map((b) => b.max));
    // Bands far outside the readings would flatten the line: show the readings' neighbourhood.
    const spread = Math.max(1, (Math.max(...values) - Math.min(...values)) * 0.3);
    const yMin = values.length ? Math.max(low, Math.floor(Math.min(...values) - spread)) : low;
    const yMax = values.length ? Math.min(high, Math.ceil(Math.max(...values) + spread)) : high;
    return {
      aria: { enabled: true, label: { description: label } },
      animation: false,
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: "axis" },
      xAxis: { type: "time" },
      yAxis: { type: "value", min: yMin, max: yMax, name: unit },
      series: [
        {
          type: "line",
          name: unit,
          showSymbol: points.length < 120,
          data: points.map((p) => [p.measured_at, p.value]),
          lineStyle: { color: "#0066cc", width: 2 },
          itemStyle: { color: "#0066cc" },
          markArea: {
            silent: true,
            data: bands.map((band) => [
              { yAxis: band.min, itemStyle: { color: RISK_COLOURS[band.risk] ?? RISK_COLOURS[0], opacity: 0.8 } },
              { yAxis: band.max },
            ]),
          },
        },
      ],
    };
  }, [points, bands, unit, label]);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void import("./echarts-setup.ts")
      .then(({ echarts }) => {
        if (cancelled || !box.current) return;
        const instance = echarts.init(box.current, null, { renderer: "svg" });
        instance.setOption(latest.current, true);
        chart.current = instance;
        if (typeof ResizeObserver !== "undefined") {
          observer = new ResizeObserver(() => instance.resize());
          observer.observe(box.current);
        }
      })
      // A chart that cannot be drawn leaves the readings' table as the view: nothing else breaks.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid="history-chart"
      data-bands={bands.length}
      style={{ width: "100%", height }}
    />
  );
}
