// The indexing of one stored file source in a process of its own, as the builder's job runs it, so the
// benchmark reads that process's peak memory (VmHWM: its resident set at most). Prints one JSON line.
// KNOWLEDGE_BENCH_MEMORY=1: also prints, every second on stderr, the process's resident set and heap figures,
// then the heap still reachable after a full garbage collection (the bench starts it with --expose-gc then).
import { readFileSync } from "node:fs";
import { getPrisma } from "@parley/db";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";

const statusKb = (field: string) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? Number.NaN,
  );

const sourceId = process.argv[2] ?? "";
const started = performance.now();
const sampler =
  process.env.KNOWLEDGE_BENCH_MEMORY === "1"
    ? setInterval(() => {
        const usage = process.memoryUsage();
        const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
        const resident = `resident ${(statusKb("VmRSS") / 1e3).toFixed(0)} MB (peak ${(statusKb("VmHWM") / 1e3).toFixed(0)})`;
        globalThis.gc?.();
        const live = process.memoryUsage();
        console.error(
          `memory at ${((performance.now() - started) / 1000).toFixed(1)} s: ${resident}, heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)} MB, external ${mb(usage.external)} MB (array buffers ${mb(usage.arrayBuffers)}); after a collection: heap ${mb(live.heapUsed)} MB, external ${mb(live.external)} MB`,
        );
      }, 1000)
    : null;
const outcome = await indexKnowledgeSource(getPrisma(), sourceId, { allowList: ["127.0.0.1"] });
const ms = performance.now() - started;
if (sampler) clearInterval(sampler);
const source = await getPrisma().knowledgeSource.findUniqueOrThrow({
  where: { id: sourceId },
  select: { chunkCount: true, error: true },
});
console.log(
  JSON.stringify({
    outcome,
    error: source.error,
    chunks: source.chunkCount,
    ms,
    peakRssBytes: statusKb("VmHWM") * 1024,
  }),
);
await getPrisma().$disconnect();
