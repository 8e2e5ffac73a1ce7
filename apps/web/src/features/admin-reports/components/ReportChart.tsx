import type { EChartsCoreOption } from "echarts/core";
import { useEffect, useRef } from "react";

/**
 * One ECharts chart, loaded on first use (its own chunk: the page's titles and tables show first),
 * drawn as SVG, resized with its box, disposed on unmount. `label` is the accessible name and
 * `description` the text that describes what it shows; each chart also has its data table.
 */
export function ReportChart({
  option,
  label,
  description,
  height = 320,
}: {
  option: EChartsCoreOption;
  label: string;
  description: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(o: EChartsCoreOption, notMerge?: boolean): void; dispose(): void } | null>(null);
  const withAria = { ...option, aria: { enabled: true, label: { description } } };
  const latest = useRef(withAria);
  latest.current = withAria;

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
      // A chart that cannot be drawn leaves its data table as the view.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the data or the texts change
  useEffect(() => {
    chart.current?.setOption(latest.current, true);
  }, [option, description]);

  return <div ref={box} role="img" aria-label={`${label}. ${description}`} style={{ width: "100%", height }} />;
}
