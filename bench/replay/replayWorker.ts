// One replay of bench/replay.ts in a process of its own: `<connectionString> <replayId>`; runs it as the queued job
// does and prints its wall time, peak RSS and heap (sampled every 20 ms) and the summary, as one JSON line.
const [connectionString, replayId] = process.argv.slice(2);
if (!connectionString || !replayId) throw new Error("usage: replayWorker <connectionString> <replayId>");
Object.assign(process.env, { DATABASE_URL: connectionString, LOG_LEVEL: "warn" });
const { default: pg } = await import("pg");
const { createPrismaClient } = await import("@parley/db");
const { runReplay } = await import("@parley/api/replays/botReplays");
// A shared machine under load can take more than the default 5 s to open a connection.
const pool = new pg.Pool({ connectionString, max: 5, connectionTimeoutMillis: 60_000 });
const prisma = createPrismaClient({ connectionString, pool });
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
};
const timer = setInterval(sample, 20);
const startedAt = performance.now();
await runReplay(prisma, replayId);
const ms = performance.now() - startedAt;
sample();
clearInterval(timer);
const row = await prisma.botReplay.findUniqueOrThrow({ where: { id: replayId } });
const summary: Record<string, number> = {};
for (const conversation of row.conversations as { status: string }[])
  summary[conversation.status] = (summary[conversation.status] ?? 0) + 1;
await prisma.$disconnect();
await pool.end();
console.log(JSON.stringify({ ms, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, summary }));

// A module (its top-level awaits need one).
export {};
