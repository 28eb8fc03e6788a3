// Summaries of what Chromium did during a measured interaction, printed by
// `bench/editor.ts --profile` and `--trace` to find where frame time goes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";

export interface CpuProfile {
  nodes: {
    id: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
}

/**
 * Names a script position by its original source when the build wrote source maps next to
 * its chunks (`BROWSER_SOURCE_MAPS=1 npx turbo run build --filter=@parley/builder`),
 * else by the chunk's file, line and column.
 */
export function createPositionNamer(chunksDir: string) {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerFor = (file: string) => {
    if (!consumers.has(file)) {
      const chunk = path.join(chunksDir, file);
      const link =
        file && existsSync(chunk)
          ? /sourceMappingURL=(\S+)/.exec(readFileSync(chunk, "utf8").slice(-300))
          : null;
      const map = link ? path.join(chunksDir, link[1]!) : null;
      consumers.set(
        file,
        map && existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, "utf8"))) : null,
      );
    }
    return consumers.get(file);
  };
  return ({ functionName, url, lineNumber, columnNumber }: CpuProfile["nodes"][number]["callFrame"]) => {
    const file = url.split("/").pop() ?? "";
    const original = consumerFor(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (original?.source)
      return `${original.name ?? functionName} ${original.source.replace(/.*node_modules\//, "")}:${original.line}`;
    return `${functionName || "(anonymous)"} ${file}:${lineNumber}:${columnNumber}`;
  };
}

/** Prints the functions with the most self time and with the most time including their callees. */
export function printCpuProfile(
  profile: CpuProfile,
  nameOf: (frame: CpuProfile["nodes"][number]["callFrame"]) => string,
) {
  const counts = new Map<number, number>();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  // Inclusive time counts a function once per stack, however often it recurses.
  const walk = (id: number, onStack: ReadonlySet<string>): number => {
    const node = nodesById.get(id)!;
    const name = nameOf(node.callFrame);
    const own = counts.get(id) ?? 0;
    self.set(name, (self.get(name) ?? 0) + own);
    const below = new Set(onStack).add(name);
    let total = own;
    for (const child of node.children ?? []) total += walk(child, below);
    if (!onStack.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + total);
    return total;
  };
  const root = profile.nodes[0];
  if (root) walk(root.id, new Set());
  const total = profile.samples.length || 1;
  for (const [title, figures] of [
    ["Self time", self],
    ["Time including callees", inclusive],
  ] as const) {
    console.log(`${title} (share of ${profile.samples.length} samples, top 30):`);
    for (const [name, count] of [...figures].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Prints, from a Chromium trace, each thread's busy time (its top-level tasks) and the
 * events that took the most time on any thread (nested events count in their parents too).
 */
export function printTrace(trace: Buffer) {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const threadNames = new Map<string, string>();
  for (const event of traceEvents)
    if (event.name === "thread_name") threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? "?");
  const busy = new Map<string, number>();
  const byEvent = new Map<string, number>();
  const add = (figures: Map<string, number>, key: string, ms: number) =>
    figures.set(key, (figures.get(key) ?? 0) + ms);
  for (const event of traceEvents) {
    if (event.ph !== "X" || !event.dur) continue;
    const thread = `${threadNames.get(`${event.pid}:${event.tid}`) ?? "?"} (pid ${event.pid})`;
    const ms = event.dur / 1_000;
    if (event.name === "ThreadControllerImpl::RunTask" || event.name === "TaskGraphRunner::RunTask")
      add(busy, thread, ms);
    add(byEvent, `${thread}: ${event.name}`, ms);
  }
  const frames = traceEvents.filter(
    (event) => event.name === "FireAnimationFrame" && event.ph === "X",
  ).length;
  console.log(`Busy ms by thread (${frames} animation frames):`);
  for (const [name, ms] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`${ms.toFixed(0).padStart(7)}  ${name}`);
  console.log("ms by trace event (top 40):");
  for (const [name, ms] of [...byEvent].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${ms.toFixed(0).padStart(7)}  ${name}`);
}
