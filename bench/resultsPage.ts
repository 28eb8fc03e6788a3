// npm run bench -- resultsPage: what the charts of the builder's results and analytics page cost
// in JavaScript. From the production build (built first when the sources changed), the gzip size
// of the JavaScript the page loads at once (Next's root files plus the page's entry chunks) beside
// the settings page of the same bot layout (the baseline, same build), and of the chunk loaded
// when the chart is drawn (uPlot and the drawing code, found by uPlot's legend class).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { buildProduction } from "../scripts/lib/buildProduction";
import { latencyFigure, recordFigures } from "./lib/results";

const nextDir = path.join(import.meta.dirname, "..", "apps", "builder", ".next");

await buildProduction((line) => console.log(line));

const gzipKb = (files: Iterable<string>) =>
  [...new Set(files)].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(nextDir, file))).length,
    0,
  ) / 1024;

const buildManifest = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as {
  rootMainFiles: string[];
  polyfillFiles: string[];
};

/** The JavaScript a route loads before it runs: the root files and its entry chunks (layouts included). */
function initialFiles(route: string): string[] {
  const manifestFile = path.join(nextDir, "server", "app", route, "page_client-reference-manifest.js");
  const sandbox: Record<string, unknown> = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(manifestFile, "utf8"), sandbox);
  const manifest = (sandbox.__RSC_MANIFEST as Record<string, { entryJSFiles: Record<string, string[]> }>)[
    `/${route}/page`
  ];
  if (!manifest) throw new Error(`no client manifest for ${route}`);
  return [...buildManifest.rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()];
}

const results = initialFiles("bots/[botId]/results");
const settings = initialFiles("bots/[botId]/settings");
const chunksDir = path.join(nextDir, "static", "chunks");
const chartChunks = readdirSync(chunksDir)
  .filter((file) => file.endsWith(".js"))
  .map((file) => path.join("static", "chunks", file))
  .filter((file) => readFileSync(path.join(nextDir, file), "utf8").includes("u-legend"));
if (chartChunks.length === 0) throw new Error("the chart's chunk was not found in the build");
const initialHasChart = chartChunks.some((file) => results.includes(file));

const kbFigure = (name: string, value: number, baseline: number | null) =>
  latencyFigure(name, value, baseline, "KB gzip");
recordFigures(
  [
    kbFigure("resultsPage.initialJs", gzipKb(results), gzipKb(settings)),
    kbFigure("resultsPage.chartChunk", gzipKb(chartChunks), null),
  ],
  { replacing: "resultsPage." },
);
console.log(
  `The chart's chunk (${chartChunks.length} file) is ${initialHasChart ? "PART OF" : "not part of"} the page's first load: it is fetched when a chart is drawn.`,
);
