// The indexing of one stored file source in a process of its own, as the builder's job runs it, so the
// benchmark reads that process's peak memory (VmHWM: its resident set at most). Prints one JSON line.
import { readFileSync } from "node:fs";
import { getPrisma } from "@parley/db";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";

const sourceId = process.argv[2] ?? "";
const started = performance.now();
const outcome = await indexKnowledgeSource(getPrisma(), sourceId, { allowList: ["127.0.0.1"] });
const ms = performance.now() - started;
const source = await getPrisma().knowledgeSource.findUniqueOrThrow({
  where: { id: sourceId },
  select: { chunkCount: true, error: true },
});
const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? Number.NaN);
console.log(
  JSON.stringify({
    outcome,
    error: source.error,
    chunks: source.chunkCount,
    ms,
    peakRssBytes: peakKb * 1024,
  }),
);
await getPrisma().$disconnect();
