import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  /** ours / baseline for throughput, baseline / ours for latency: higher is better everywhere. */
  ratio: number | null;
}

const resultsFile = path.join(import.meta.dirname, "..", "results", "latest.json");

/**
 * Replaces the figures of the same names in bench/results/latest.json (and, with `replacing`,
 * every earlier figure whose name starts with it: a benchmark's own namespace) and prints them.
 */
export function recordFigures(figures: BenchFigure[], options: { replacing?: string } = {}) {
  const previous: BenchFigure[] = existsSync(resultsFile)
    ? JSON.parse(readFileSync(resultsFile, "utf8"))
    : [];
  const names = new Set(figures.map((figure) => figure.name));
  const isReplaced = (name: string) =>
    names.has(name) || (options.replacing !== undefined && name.startsWith(options.replacing));
  const merged = [...previous.filter((figure) => !isReplaced(figure.name)), ...figures];
  writeFileSync(resultsFile, `${JSON.stringify(merged, null, 2)}\n`);
  console.table(
    figures.map((figure) => ({
      name: figure.name,
      value: round(figure.value),
      unit: figure.unit,
      baseline: figure.baseline === null ? "" : round(figure.baseline),
      ratio: figure.ratio === null ? "" : round(figure.ratio),
    })),
  );
}

/** Latency figure (or any figure where lower is better: size, memory): the ratio is baseline / ours. */
export function latencyFigure(
  name: string,
  value: number,
  baseline: number | null,
  unit = "ms",
): BenchFigure {
  return {
    name,
    value,
    unit,
    baseline,
    ratio: baseline === null || value === 0 ? null : baseline / value,
  };
}

/** Throughput figure: the ratio is ours / baseline. */
export function throughputFigure(
  name: string,
  value: number,
  baseline: number | null,
  unit = "req/s",
): BenchFigure {
  return {
    name,
    value,
    unit,
    baseline,
    ratio: baseline === null || baseline === 0 ? null : value / baseline,
  };
}

/** A count with no baseline (statements, bytes): no ratio. */
export function countFigure(name: string, value: number, unit: string): BenchFigure {
  return { name, value, unit, baseline: null, ratio: null };
}

export function percentile(sortedValues: number[], p: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(
    sortedValues.length - 1,
    Math.max(0, Math.ceil((p / 100) * sortedValues.length) - 1),
  );
  return sortedValues[index] ?? Number.NaN;
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
