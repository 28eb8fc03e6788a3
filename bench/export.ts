// npm run bench -- export: memory of the streaming CSV export (GET /bots/{botId}/results-csv).
// Two bots are seeded on an embedded PostgreSQL, one with 100,000 results and one with 1,000
// (an answer and two variables each); each is exported by a fresh process of its own
// (bench/export/exportWorker.ts) that reads the stream to its end. The baseline is the process
// exporting 1,000 results, in the same run. Prints the peak RSS of both (what the machine sees;
// it includes garbage V8 has not collected yet, so it drifts up with the rows read), the largest
// heap in use after a forced collection every 10,000 rows (what the export holds: flat when
// nothing is kept), time to the first byte and rows per second.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { createBenchAccount } from "./lib/benchAccount";
import { latencyFigure, recordFigures, throughputFigure } from "./lib/results";

const LARGE = 100_000;
const BASELINE = 1_000;

interface ExportRun {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  peakRssMb: number;
  liveHeapMb: number;
}

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  Object.assign(process.env, { DATABASE_URL: postgres.connectionString, LOG_LEVEL: "warn" });
  const { getPrisma } = await import("@parley/db");
  const { createTestBot } = await import("@parley/platform/testing/fixtures");
  const { sampleFlow } = await import("@parley/api/testing/sampleFlow");
  const prisma = getPrisma();
  const { workspaceId, token } = await createBenchAccount(prisma);
  const seed = async (count: number) => {
    const bot = await createTestBot(workspaceId, { name: `Export ${count}`, ...sampleFlow });
    await prisma.$executeRaw`
      WITH created AS (
        INSERT INTO "Result" (id, "botId", "workspaceId", "createdAt", variables, "hasStarted", "isCompleted")
        SELECT ${bot.id} || '-' || i, ${bot.id}, ${bot.workspaceId}, now() - i * interval '1 second',
          jsonb_build_array(
            jsonb_build_object('id', 'vname', 'name', 'Name', 'value', 'Visitor number ' || i),
            jsonb_build_object('id', 'vsrc', 'name', 'source', 'value', 'campaign-' || (i % 50))
          ),
          true, i % 3 = 0
        FROM generate_series(1, ${count}::int) AS i
        RETURNING id
      )
      INSERT INTO "Answer" (id, "resultId", index, "blockId", "groupId", content)
      SELECT id || '-a', id, 0, 'b2', 'g1', 'Visitor number ' || split_part(id, '-', 2) FROM created`;
    return bot.id;
  };
  const largeBot = await seed(LARGE);
  const baselineBot = await seed(BASELINE);
  await prisma.$executeRawUnsafe(`VACUUM ANALYZE "Result", "Answer"`);
  await prisma.$disconnect();

  const tsx = path.join(import.meta.dirname, "..", "node_modules", "tsx", "dist", "cli.mjs");
  const worker = path.join(import.meta.dirname, "export", "exportWorker.ts");
  const runExport = (botId: string, mode: "peak" | "live" = "peak"): ExportRun => {
    const args = mode === "live" ? ["--expose-gc", "--import", "tsx", worker] : [tsx, worker];
    const child = spawnSync(process.execPath, [...args, postgres.connectionString, botId, token, mode], {
      encoding: "utf8",
      maxBuffer: 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`export worker failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}") as ExportRun;
  };
  // Warm-up (PostgreSQL's caches), then the measured runs: baseline, large, baseline, large.
  runExport(baselineBot);
  const runs = { baseline: [] as ExportRun[], large: [] as ExportRun[] };
  for (let round = 0; round < 2; round++) {
    runs.baseline.push(runExport(baselineBot));
    runs.large.push(runExport(largeBot));
  }
  const live = { baseline: runExport(baselineBot, "live"), large: runExport(largeBot, "live") };
  for (const run of runs.large)
    if (run.rows !== LARGE) throw new Error(`the large export had ${run.rows} rows`);
  for (const run of runs.baseline)
    if (run.rows !== BASELINE) throw new Error(`the baseline had ${run.rows} rows`);
  const peak = (list: ExportRun[]) => Math.max(...list.map((run) => run.peakRssMb));
  const best = (list: ExportRun[], key: "firstByteMs" | "totalMs") =>
    Math.min(...list.map((run) => run[key]));
  const memoryFigure = (name: string, value: number, baseline: number) =>
    latencyFigure(name, value, baseline, "MB");
  const largeRowsPerSecond = LARGE / (best(runs.large, "totalMs") / 1000);
  const baselineRowsPerSecond = BASELINE / (best(runs.baseline, "totalMs") / 1000);
  const figures = [
    memoryFigure("export.peakRss.100k", peak(runs.large), peak(runs.baseline)),
    memoryFigure("export.liveHeap.100k", live.large.liveHeapMb, live.baseline.liveHeapMb),
    latencyFigure(
      "export.firstByte.100k",
      best(runs.large, "firstByteMs"),
      best(runs.baseline, "firstByteMs"),
    ),
    throughputFigure("export.rowsPerSecond.100k", largeRowsPerSecond, baselineRowsPerSecond, "rows/s"),
  ];
  recordFigures(figures, { replacing: "export." });
  const largeMb = runs.large[0]?.bytes ? runs.large[0].bytes / 1024 / 1024 : 0;
  console.log(
    `exporting ${LARGE.toLocaleString("en-US")} results (${largeMb.toFixed(1)} MB of CSV) peaked at ${peak(runs.large).toFixed(0)} MB RSS; ` +
      `exporting ${BASELINE.toLocaleString("en-US")} peaked at ${peak(runs.baseline).toFixed(0)} MB ` +
      `(+${(peak(runs.large) - peak(runs.baseline)).toFixed(0)} MB for ${LARGE / BASELINE}x the rows); ` +
      `heap in use after collection: ${live.large.liveHeapMb.toFixed(0)} MB vs ${live.baseline.liveHeapMb.toFixed(0)} MB`,
  );
} finally {
  await postgres.stop();
}
