import { LineChart } from "echarts/charts";
import { AriaComponent, GridComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";

/**
 * ECharts with only what the history chart uses (a line over time, the bands as mark areas, SVG).
 * Imported lazily by HistoryChart, so it is its own chunk: nobody downloads it before opening a chart.
 */
echarts.use([LineChart, GridComponent, TooltipComponent, MarkAreaComponent, AriaComponent, SVGRenderer]);

export { echarts };
