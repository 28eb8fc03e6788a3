// npm run bench -- knowledge [--sizes=1000,10000,100000] [--pdf-mb=10,50]: knowledge base retrieval and indexing
// on the embedded PostgreSQL, embeddings from the local OpenAI-protocol server.
// - Retrieval (full text fused with the vector graph, chunks read with their source) p50/p95 at each size, the
//   query's embedding excluded (it is measured apart), beside a bare SQL full-text query on the same rows,
//   measured in the same loop (the baseline). Chunks are seeded by SQL in bulk, not through the API.
// - The vector graph at each size: built by the indexing job (and stored), then loaded by a new process (the
//   first search after a restart), beside building it there.
// - Indexing a generated PDF per size in --pdf-mb: chunks/s and the indexing process's peak memory (VmHWM).
// - Retrieval quality: recall@5 of the retrieval evaluation (runRetrievalEvaluation: 100 questions over a corpus of
//   34 documents in six formats), skipped with --no-recall.
// Each figure is printed with the load average when it was measured.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import {
  type BenchFigure,
  countFigure,
  latencyFigure,
  percentile,
  recordFigures,
  throughputFigure,
} from "./lib/results";

/** The indexing of one PDF is given the indexing job's own time (indexKnowledgeSourceJob: 15 minutes). */
const INDEXING_TIMEOUT_MS = 15 * 60_000;

/**
 * bench/knowledge/indexFileSource.ts in a Node process of its own (TypeScript through tsx's loader, in that same
 * process: its exit code or signal is the one seen here), stopped (SIGKILL) after INDEXING_TIMEOUT_MS. Its
 * stderr is passed on as it comes (KNOWLEDGE_BENCH_MEMORY=1: its memory every second) and kept for the error.
 */
function runIndexingProcess(sourceId: string) {
  return new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    timedOut: boolean;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.KNOWLEDGE_BENCH_MEMORY === "1" ? ["--expose-gc"] : []),
        "--import",
        pathToFileURL(path.join(import.meta.dirname, "..", "node_modules", "tsx", "dist", "loader.mjs")).href,
        path.join(import.meta.dirname, "knowledge", "indexFileSource.ts"),
        sourceId,
      ],
      { env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr = (stderr + text).slice(-64_000);
      process.stderr.write(text);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, INDEXING_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // Its end is its exit: its pipes are read until they close, but for 5 s at most (a process it started
    // could hold them open).
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const answer = () => resolve({ code, signal, timedOut, stdout, stderr });
      const drained = setTimeout(answer, 5_000);
      child.on("close", () => {
        clearTimeout(drained);
        answer();
      });
    });
  });
}

const option = (name: string, fallback: string) =>
  (process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
    .split(",")
    .filter(Boolean)
    .map(Number);
const sizes = option("sizes", "1000,10000,100000");
const pdfSizesMb = option("pdf-mb", "10,50");
const QUERIES = 200;
const WARMUP_QUERIES = 20;
const TOP_K = 5;
const CHUNKS_PER_SOURCE = 1_000;
const apiKey = "sk-bench-knowledge";

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  Object.assign(process.env, {
    DATABASE_URL: postgres.connectionString,
    LOG_LEVEL: "warn",
    ENCRYPTION_SECRET: randomBytes(32).toString("base64url"),
  });
  const { createId, getPrisma } = await import("@parley/db");
  const { replaceKnowledgeLexemes } = await import("@parley/db/queries/replaceKnowledgeLexemes");
  const { seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { createWorkspaceCredentials } = await import(
    "@parley/integrations/credentials/workspaceCredentials"
  );
  const { KnowledgeVectorIndex } = await import("@parley/integrations/knowledge/knowledgeVectorIndex");
  const { retrieveKnowledge } = await import("@parley/integrations/knowledge/searchKnowledgeBase");
  const { readEmbeddingEndpoint, requestEmbeddings } = await import(
    "@parley/integrations/knowledge/embeddingsClient"
  );
  const { FAKE_EMBEDDING_DIMENSIONS, startFakeOpenAiServer } = await import(
    "@parley/integrations/testing/openAiProtocolServer"
  );
  const { buildPdf } = await import("@parley/integrations/testing/knowledgeFiles");
  const { runRetrievalEvaluation } = await import(
    "@parley/integrations/knowledge/evaluation/runRetrievalEvaluation"
  );
  const prisma = getPrisma();
  const embeddings = await startFakeOpenAiServer(apiKey);
  const figures: BenchFigure[] = [];
  const load = () => loadavg()[0]?.toFixed(1) ?? "?";
  const note = (text: string) => console.log(`${text}  (load average ${load()})`);

  try {
    const workspaceId = await seedWorkspace(prisma);
    const credentials = await createWorkspaceCredentials(prisma, workspaceId, {
      type: "openai",
      name: "Local embeddings",
      data: { apiKey, baseUrl: `${embeddings.origin}/v1` },
    });
    const createBase = async (name: string) =>
      prisma.knowledgeBase.create({
        data: {
          id: createId(),
          workspaceId,
          name,
          credentialsId: credentials.id,
          embeddingModel: "text-embedding-3-small",
        },
      });

    // A vocabulary of made-up words, used with a skewed frequency as words of a language are.
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    const syllables = [
      "ka",
      "lo",
      "mi",
      "ne",
      "tu",
      "ra",
      "sel",
      "vor",
      "quin",
      "dar",
      "pe",
      "zu",
      "ol",
      "ith",
    ];
    const vocabulary = Array.from({ length: 5_000 }, (_, index) => {
      let word = "";
      for (let rest = index + 14; rest > 0; rest = Math.floor(rest / 14)) word += syllables[rest % 14];
      return word;
    });
    const word = () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)] ?? "";
    const sentence = (words: number) => Array.from({ length: words }, word).join(" ");

    /**
     * `count` chunks of ~150 words in sources of 1,000, made and inserted by PostgreSQL (INSERT … SELECT over
     * generate_series: words of the vocabulary, random unit vectors), the full-text index dropped meanwhile and
     * built again after (faster than updating it row by row); the base's chunksVersion moved.
     */
    async function seedChunks(knowledgeBaseId: string, count: number) {
      await prisma.$executeRawUnsafe(`DROP INDEX "KnowledgeChunk_searchVector_idx"`);
      await prisma.$executeRawUnsafe(`SELECT setseed(${(random() * 2 - 1).toFixed(6)})`);
      for (let first = 0; first < count; first += CHUNKS_PER_SOURCE) {
        const sourceId = createId();
        const inSource = Math.min(CHUNKS_PER_SOURCE, count - first);
        await prisma.knowledgeSource.create({
          data: {
            id: sourceId,
            knowledgeBaseId,
            type: "text",
            name: `Manual ${first / CHUNKS_PER_SOURCE + 1}`,
            text: "(seeded by the benchmark)",
            status: "ready",
            chunkCount: inSource,
            lastIndexedAt: new Date(),
          },
        });
        // Six sentences of 25 words, a heading of 2; a word's rank in the vocabulary drawn as random()², as above.
        await prisma.$executeRawUnsafe(
          `INSERT INTO "KnowledgeChunk" (id, "knowledgeBaseId", "sourceId", ordinal, text, heading, embedding)
           SELECT $2 || '-' || g, $1, $2, g,
             (SELECT string_agg(($3::text[])[1 + floor(random() ^ 2 * $4::int)::int]
                 || CASE WHEN w % 25 = 0 THEN '.' ELSE '' END, ' ')
               FROM generate_series(1, 150 + 0 * g) AS w),
             'Section ' || (SELECT string_agg(($3::text[])[1 + floor(random() ^ 2 * $4::int)::int], ' ')
               FROM generate_series(1, 2 + 0 * g)),
             (SELECT array_agg((v / norm)::real) FROM (
               SELECT v, sqrt(sum(v * v) OVER ()) AS norm
               FROM (SELECT random() - 0.5 AS v FROM generate_series(1, $5::int + 0 * g)) AS component) AS unit)
           FROM generate_series(0, $6::int - 1) AS g`,
          knowledgeBaseId,
          sourceId,
          vocabulary,
          vocabulary.length,
          FAKE_EMBEDDING_DIMENSIONS,
          inSource,
        );
        // What the indexing job does when a source's passages become current: its words' document frequencies.
        await replaceKnowledgeLexemes(prisma, sourceId);
      }
      const started = performance.now();
      await prisma.$executeRawUnsafe(
        `CREATE INDEX "KnowledgeChunk_searchVector_idx" ON "KnowledgeChunk" USING GIN ("searchVector")`,
      );
      // What autovacuum does to a table after a bulk load: statistics and the visibility map.
      await prisma.$executeRawUnsafe(`VACUUM ANALYZE "KnowledgeChunk"`);
      note(
        `  full-text index built and table analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await prisma.knowledgeBase.update({
        where: { id: knowledgeBaseId },
        data: { chunksVersion: { increment: 1 } },
      });
    }

    const endpoint = await readEmbeddingEndpoint(prisma, {
      workspaceId,
      credentialsId: credentials.id,
      model: "text-embedding-3-small",
    });
    if (!endpoint.ok) throw new Error(endpoint.error);
    const questions = Array.from({ length: QUERIES + WARMUP_QUERIES }, () =>
      sentence(4 + Math.floor(random() * 4)),
    );
    // The query's embedding, measured apart from retrieval: the local server's round trip.
    const queryVectors: Float32Array[] = [];
    const embeddingMs: number[] = [];
    for (const question of questions) {
      const started = performance.now();
      const [vector] = await requestEmbeddings(endpoint.endpoint, [question], {
        allowList: ["127.0.0.1"],
        timeoutMs: 30_000,
      });
      embeddingMs.push(performance.now() - started);
      if (!vector) throw new Error("no query embedding");
      queryVectors.push(vector);
    }
    embeddingMs.sort((a, b) => a - b);
    note(
      `query embedding (local server, not in retrieval): p50 ${percentile(embeddingMs, 50).toFixed(1)} ms`,
    );
    figures.push(latencyFigure("knowledge.queryEmbedding.p50", percentile(embeddingMs, 50), null));

    if (!process.argv.includes("--no-recall")) {
      const evaluation = await runRetrievalEvaluation(prisma, { workspaceId });
      note(
        `retrieval evaluation: recall@${evaluation.topK} ${evaluation.recall.toFixed(2)} (${evaluation.hits} of ${evaluation.questions} questions, ${evaluation.sources} sources, ${evaluation.chunks} passages)`,
      );
      figures.push(countFigure("knowledge.recallAt5", evaluation.recall, "share"));
      recordFigures(figures.splice(0));
    }

    for (const size of sizes) {
      const base = await createBase(`${size} chunks`);
      let started = performance.now();
      await seedChunks(base.id, size);
      note(`${size} chunks seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      // The indexing job's graph: built from the chunks, then stored.
      const jobProcess = new KnowledgeVectorIndex();
      started = performance.now();
      await jobProcess.prepare(prisma, base.id);
      const buildMs = performance.now() - started;
      started = performance.now();
      if ((await jobProcess.store(prisma, base.id)) !== "stored") throw new Error("the graph was not stored");
      const storeMs = performance.now() - started;
      const stored = await prisma.knowledgeVectorIndex.findUniqueOrThrow({
        where: { knowledgeBaseId: base.id },
        select: { byteLength: true },
      });
      note(
        `${size}: graph built in ${(buildMs / 1000).toFixed(1)} s, stored in ${(storeMs / 1000).toFixed(1)} s (${(Number(stored.byteLength) / 1e6).toFixed(1)} MB)`,
      );

      // A restarted process: it loads the stored graph instead of building it.
      const searchProcess = new KnowledgeVectorIndex();
      started = performance.now();
      await searchProcess.prepare(prisma, base.id);
      const loadMs = performance.now() - started;
      if (searchProcess.statistics.storedGraphsLoaded !== 1 || searchProcess.statistics.vectorsAdded !== 0)
        throw new Error(`the stored graph was not used: ${JSON.stringify(searchProcess.statistics)}`);
      note(
        `${size}: graph loaded by a new process in ${loadMs.toFixed(0)} ms (building it: ${buildMs.toFixed(0)} ms)`,
      );
      figures.push(
        latencyFigure(`knowledge.vectorGraphLoad.${size}`, loadMs, buildMs),
        latencyFigure(`knowledge.vectorGraphBuild.${size}`, buildMs, null),
        latencyFigure(`knowledge.vectorGraphStore.${size}`, storeMs, null),
        countFigure(`knowledge.vectorGraphBytes.${size}`, Number(stored.byteLength), "bytes"),
      );

      const knowledgeBase = {
        id: base.id,
        chunksVersion: (await prisma.knowledgeBase.findUniqueOrThrow({ where: { id: base.id } }))
          .chunksVersion,
      };
      const ours: number[] = [];
      const bare: number[] = [];
      for (const [index, question] of questions.entries()) {
        const queryVector = queryVectors[index] ?? new Float32Array();
        started = performance.now();
        const results = await retrieveKnowledge(prisma, {
          knowledgeBase,
          query: question,
          queryVector,
          topK: TOP_K,
          vectorIndex: searchProcess,
        });
        const oursMs = performance.now() - started;
        if (results.length === 0) throw new Error(`no result for "${question}"`);
        started = performance.now();
        await prisma.$queryRaw`
          SELECT c.id, c.text, c.heading
          FROM "KnowledgeChunk" c,
            to_tsquery('simple', COALESCE(array_to_string(ARRAY(
              SELECT quote_literal(lexeme) FROM unnest(tsvector_to_array(to_tsvector('simple', ${question}))) AS lexeme
            ), ' | '), '')) AS q
          WHERE c."knowledgeBaseId" = ${base.id} AND c."searchVector" @@ q
          ORDER BY ts_rank_cd(c."searchVector", q) DESC
          LIMIT ${TOP_K}`;
        const bareMs = performance.now() - started;
        if (index >= WARMUP_QUERIES) {
          ours.push(oursMs);
          bare.push(bareMs);
        }
      }
      ours.sort((a, b) => a - b);
      bare.sort((a, b) => a - b);
      note(
        `${size}: retrieval p50 ${percentile(ours, 50).toFixed(1)} ms / p95 ${percentile(ours, 95).toFixed(1)} ms; bare full-text SQL p50 ${percentile(bare, 50).toFixed(1)} / p95 ${percentile(bare, 95).toFixed(1)} ms`,
      );
      figures.push(
        latencyFigure(`knowledge.retrieval.${size}.p50`, percentile(ours, 50), percentile(bare, 50)),
        latencyFigure(`knowledge.retrieval.${size}.p95`, percentile(ours, 95), percentile(bare, 95)),
      );
      // Recorded as each part ends: a run stopped half-way keeps what it measured.
      recordFigures(figures.splice(0));
    }

    // Indexing a PDF, in a process of its own (its peak memory is the figure).
    const peaks: string[] = [];
    for (const megabytes of pdfSizesMb) {
      const base = await createBase(`PDF of ${megabytes} MB`);
      const pages: string[][] = [];
      let bytes = 0;
      while (bytes < megabytes * 1024 * 1024) {
        const lines = [`Chapter ${pages.length + 1}`, ...Array.from({ length: 48 }, () => sentence(12))];
        bytes += lines.reduce((total, line) => total + line.length + 8, 120);
        pages.push(lines);
      }
      const pdf = buildPdf(pages);
      const sourceId = createId();
      await prisma.knowledgeSource.create({
        data: {
          id: sourceId,
          knowledgeBaseId: base.id,
          type: "file",
          name: `manual-${megabytes}mb.pdf`,
          fileType: "application/pdf",
          fileSize: pdf.byteLength,
        },
      });
      for (let part = 0; part * 1024 * 1024 < pdf.byteLength; part++)
        await prisma.knowledgeFilePart.create({
          data: {
            sourceId,
            part,
            bytes: new Uint8Array(pdf.subarray(part * 1024 * 1024, (part + 1) * 1024 * 1024)),
          },
        });
      // Asynchronously: the local embeddings server answers from this process's event loop.
      const child = await runIndexingProcess(sourceId);
      if (child.code !== 0)
        throw new Error(
          `the process indexing the PDF of ${megabytes} MB ${child.timedOut ? `was stopped after ${INDEXING_TIMEOUT_MS / 60_000} minutes` : "ended"} with ${child.signal ? `signal ${child.signal}` : `exit code ${child.code}`}:\n${child.stderr.slice(-4000)}`,
        );
      const line = child.stdout.trim().split("\n").at(-1) ?? "";
      if (!line.startsWith("{")) throw new Error(`indexing the PDF printed no result:\n${child.stderr}`);
      const indexed = JSON.parse(line) as {
        outcome: string;
        error: string | null;
        chunks: number;
        ms: number;
        peakRssBytes: number;
      };
      if (indexed.outcome !== "ready") throw new Error(`the PDF was not indexed: ${indexed.error}`);
      const chunksPerSecond = indexed.chunks / (indexed.ms / 1000);
      note(
        `PDF of ${(pdf.byteLength / 1e6).toFixed(1)} MB (${pages.length} pages): ${indexed.chunks} chunks in ${(indexed.ms / 1000).toFixed(1)} s, ${chunksPerSecond.toFixed(0)} chunks/s, peak RSS ${(indexed.peakRssBytes / 1e6).toFixed(0)} MB`,
      );
      peaks.push(`${megabytes} MB PDF ${(indexed.peakRssBytes / 1e6).toFixed(0)} MB`);
      figures.push(
        throughputFigure(`knowledge.indexing.pdf${megabytes}mb`, chunksPerSecond, null, "chunks/s"),
        countFigure(`knowledge.indexing.pdf${megabytes}mb.peakRss`, indexed.peakRssBytes, "bytes"),
      );
      recordFigures(figures.splice(0));
    }
    if (peaks.length > 1) note(`peak RSS of the indexing process: ${peaks.join(" / ")}`);
  } finally {
    await embeddings.close();
    await prisma.$disconnect();
  }
  if (figures.length > 0) recordFigures(figures);
  console.log(
    `load average at the end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await postgres.stop();
}
