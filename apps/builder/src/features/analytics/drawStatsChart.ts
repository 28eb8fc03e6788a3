// Loaded on demand by StatsChart (a separate chunk): uPlot and its stylesheet.
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartPoint {
  /** Bucket start, in seconds since the epoch (uPlot's time scale). */
  time: number;
  views: number;
  starts: number;
  completed: number;
  /** 0 to 100, null without views. */
  completionRate: number | null;
}

const colors = { views: "#8a93a0", starts: "#4f46e5", completed: "#12804a", rate: "#b54708" };

/**
 * Draws views, starts and completions (left axis) and the completion rate (right axis, %)
 * over time into `container`, as wide as it is; the legend under the chart shows the values
 * of the point under the cursor. Returns a function that removes the chart.
 */
/** The chart's words in the interface language, and its numbers' formats. */
export interface ChartLabels {
  time: string;
  views: string;
  starts: string;
  completed: string;
  completionRate: string;
  formatCount: (value: number) => string;
  formatRate: (percent: number) => string;
}

export function drawStatsChart(
  container: HTMLElement,
  points: ChartPoint[],
  interval: "hour" | "day",
  labels: ChartLabels,
): () => void {
  const data: uPlot.AlignedData = [
    points.map((point) => point.time),
    points.map((point) => point.views),
    points.map((point) => point.starts),
    points.map((point) => point.completed),
    points.map((point) => point.completionRate),
  ];
  const count = (value: number | null) => (value === null ? "–" : labels.formatCount(value));
  const plot = new uPlot(
    {
      width: Math.max(280, container.clientWidth),
      height: 240,
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        count: { range: (_, __, max) => [0, Math.max(4, max)] },
        rate: { range: [0, 100] },
      },
      axes: [
        {
          stroke: "#5f6875",
          grid: { stroke: "#f0f2f5" },
          values: interval === "hour" ? "{HH}:{mm}" : "{MMM} {D}",
        },
        { scale: "count", stroke: "#5f6875", grid: { stroke: "#f0f2f5" } },
        {
          scale: "rate",
          side: 1,
          stroke: "#5f6875",
          grid: { show: false },
          values: (_, ticks) => ticks.map((tick) => labels.formatRate(tick)),
        },
      ],
      series: [
        {
          label: labels.time,
          value: interval === "hour" ? "{YYYY}-{MM}-{DD} {HH}:{mm}" : "{YYYY}-{MM}-{DD}",
        },
        {
          label: labels.views,
          scale: "count",
          stroke: colors.views,
          width: 1.5,
          value: (_, value) => count(value),
        },
        {
          label: labels.starts,
          scale: "count",
          stroke: colors.starts,
          width: 2,
          value: (_, value) => count(value),
        },
        {
          label: labels.completed,
          scale: "count",
          stroke: colors.completed,
          width: 2,
          value: (_, value) => count(value),
        },
        {
          label: labels.completionRate,
          scale: "rate",
          stroke: colors.rate,
          width: 1.5,
          dash: [6, 4],
          spanGaps: true,
          value: (_, value) => (value === null ? "–" : labels.formatRate(Math.round(value))),
        },
      ],
    },
    data,
    container,
  );
  const resize = new ResizeObserver(() =>
    plot.setSize({ width: Math.max(280, container.clientWidth), height: 240 }),
  );
  resize.observe(container);
  return () => {
    resize.disconnect();
    plot.destroy();
  };
}
