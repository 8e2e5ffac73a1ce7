import type { EChartsCoreOption } from "echarts/core";
import { useEffect, useRef } from "react";

/**
 * A thin React wrapper around Apache ECharts: the library is imported on first use (its own
 * chunk, so the page's text and tables show first), drawn as SVG, resized with its box and
 * disposed on unmount. `label` is the chart's accessible name: ECharts' aria module writes it on
 * the container (its own generated description is not in Italian), and every chart of the app has
 * a data table beside it as the text alternative.
 */
export function EChart({ option, label, height = 320 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(o: EChartsCoreOption, notMerge?: boolean): void; dispose(): void } | null>(null);
  const withLabel = { ...option, aria: { enabled: true, label: { description: label } } };
  const latest = useRef(withLabel);
  latest.current = withLabel;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void loadEcharts()
      .then((echarts) => {
        if (cancelled || !box.current) return;
        const instance = echarts.init(box.current, null, { renderer: "svg" });
        instance.setOption(latest.current, true);
        chart.current = instance;
        if (typeof ResizeObserver !== "undefined") {
          observer = new ResizeObserver(() => instance.resize());
          observer.observe(box.current);
        }
      })
      // A chart that cannot be drawn leaves its data table as the only view: nothing else breaks.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the data or the label change
  useEffect(() => {
    chart.current?.setOption(latest.current, true);
  }, [option, label]);

  return <div ref={box} role="img" aria-label={label} style={{ width: "100%", height }} />;
}

async function loadEcharts() {
  return (await import("./echarts-setup.ts")).echarts;
}
