import { createId, type Database } from "@parley/db";
import { createWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import type { FakeProviderServer } from "../../testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../../testing/openAiProtocolServer";
import { indexKnowledgeSource } from "../indexKnowledgeSource";
import {
  isSupportedByKnowledge,
  KNOWLEDGE_SUPPORT_MIN_SIMILARITY,
  searchKnowledgeBase,
} from "../searchKnowledgeBase";
import {
  type EvaluationQuestion,
  evaluationQuestions,
  evaluationSources,
  startEvaluationSite,
  unanswerableQuestions,
} from "./evaluationCorpus";

export interface RetrievalMiss extends EvaluationQuestion {
  /** What was returned instead, best first: the source's name and the passage's start. */
  retrieved: { source: string; text: string }[];
}

export interface RetrievalEvaluation {
  questions: number;
  topK: number;
  /** Questions one of whose answering passages is among the first `topK` results. */
  hits: number;
  /** hits / questions. */
  recall: number;
  misses: RetrievalMiss[];
  /**
   * With the supported-answer threshold (isSupportedByKnowledge): the share of the 100 questions some passage
   * of which reaches it, and the share of the corpus's unanswerable questions that wrongly do.
   */
  support: { minSimilarity: number; answerable: number; unanswerable: number };
  sources: number;
  chunks: number;
}

export interface RetrievalEvaluationOptions {
  /** The workspace the evaluation's knowledge base is created in (and deleted from at the end). */
  workspaceId: string;
  /**
   * AI credentials of that workspace to embed with, and their model. Without them, a local embeddings
   * server is started for the run (its vectors are a deterministic stand-in: words hashed into 256
   * dimensions, no semantics).
   */
  embeddings?: { credentialsId: string; model: string };
  /** Results per question (5: recall@5). */
  topK?: number;
  /** The supported-answer threshold measured (KNOWLEDGE_SUPPORT_MIN_SIMILARITY). */
  minSimilarity?: number;
}

const allowList = ["127.0.0.1"];
const CALL = { timeoutMs: 60_000, allowList };

/**
 * The retrieval evaluation: indexes the corpus (evaluationCorpus.ts: text, file, url and sitemap sources) in a
 * new knowledge base of `workspaceId` through the indexing job's own function, asks its 100 questions through
 * the search the REST `POST …/query` answers with, and measures recall@topK: the share of questions an answering
 * passage of which is among the results; and, with the supported-answer threshold, how many of them and of
 * its unanswerable questions count as supported. The knowledge base is deleted at the end.
 */
export async function runRetrievalEvaluation(
  prisma: Database,
  options: RetrievalEvaluationOptions,
): Promise<RetrievalEvaluation> {
  const topK = options.topK ?? 5;
  const minSimilarity = options.minSimilarity ?? KNOWLEDGE_SUPPORT_MIN_SIMILARITY;
  let embeddingsServer: FakeProviderServer | null = null;
  const site = await startEvaluationSite();
  let knowledgeBaseId: string | null = null;
  let localCredentialsId: string | null = null;
  try {
    let embeddings = options.embeddings;
    if (!embeddings) {
      const apiKey = "sk-retrieval-evaluation";
      embeddingsServer = await startFakeOpenAiServer(apiKey);
      const credentials = await createWorkspaceCredentials(prisma, options.workspaceId, {
        type: "openai",
        name: "Retrieval evaluation embeddings",
        data: { apiKey, baseUrl: `${embeddingsServer.origin}/v1` },
      });
      localCredentialsId = credentials.id;
      embeddings = { credentialsId: credentials.id, model: "text-embedding-3-small" };
    }
    const knowledgeBase = await prisma.knowledgeBase.create({
      data: {
        id: createId(),
        workspaceId: options.workspaceId,
        name: "Retrieval evaluation",
        credentialsId: embeddings.credentialsId,
        embeddingModel: embeddings.model,
      },
    });
    knowledgeBaseId = knowledgeBase.id;
    const sourceIds = await addEvaluationSources(prisma, knowledgeBase.id, site.origin);
    for (const sourceId of sourceIds) {
      const outcome = await indexKnowledgeSource(prisma, sourceId, { allowList });
      if (outcome !== "ready") {
        const failed = await prisma.knowledgeSource.findUnique({
          where: { id: sourceId },
          select: { name: true, error: true },
        });
        throw new Error(`The evaluation source ${failed?.name} was not indexed: ${failed?.error ?? outcome}`);
      }
    }
    const current = await prisma.knowledgeBase.findUniqueOrThrow({
      where: { id: knowledgeBase.id },
      select: { id: true, workspaceId: true, credentialsId: true, embeddingModel: true, chunksVersion: true },
    });
    const misses: RetrievalMiss[] = [];
    let supported = 0;
    for (const item of evaluationQuestions) {
      const outcome = await searchKnowledgeBase(prisma, {
        knowledgeBase: current,
        query: item.question,
        topK,
        call: CALL,
      });
      if (!outcome.ok) throw new Error(`The evaluation's search failed: ${outcome.error}`);
      if (isSupportedByKnowledge(outcome.results, minSimilarity)) supported++;
      if (!outcome.results.some((result) => answers(item, result.text)))
        misses.push({
          ...item,
          retrieved: outcome.results.map((result) => ({
            source: result.source.name,
            text: result.text.slice(0, 100),
          })),
        });
    }
    let wronglySupported = 0;
    for (const question of unanswerableQuestions) {
      const outcome = await searchKnowledgeBase(prisma, {
        knowledgeBase: current,
        query: question,
        topK,
        call: CALL,
      });
      if (!outcome.ok) throw new Error(`The evaluation's search failed: ${outcome.error}`);
      if (isSupportedByKnowledge(outcome.results, minSimilarity)) wronglySupported++;
    }
    const questions = evaluationQuestions.length;
    return {
      questions,
      topK,
      hits: questions - misses.length,
      recall: (questions - misses.length) / questions,
      misses,
      support: {
        minSimilarity,
        answerable: supported / questions,
        unanswerable: wronglySupported / unanswerableQuestions.length,
      },
      sources: sourceIds.length,
      chunks: await prisma.knowledgeChunk.count({ where: { knowledgeBaseId: knowledgeBase.id } }),
    };
  } finally {
    if (knowledgeBaseId) await prisma.knowledgeBase.delete({ where: { id: knowledgeBaseId } });
    if (localCredentialsId) await prisma.credentials.delete({ where: { id: localCredentialsId } });
    await embeddingsServer?.close();
    await site.close();
  }
}

/** Whether a passage holds one of the question's answers (spaces and case aside: PDF text is re-spaced). */
export function answers(question: EvaluationQuestion, text: string): boolean {
  const passage = normalizeSpaces(text);
  return question.answers.some((answer) => passage.includes(normalizeSpaces(answer)));
}

const normalizeSpaces = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The corpus's sources in a knowledge base, as the API stores them (pending, a file's bytes in its parts);
 * `siteOrigin` serves the web pages (startEvaluationSite). Returns their ids, in the corpus's order.
 */
export async function addEvaluationSources(
  prisma: Database,
  knowledgeBaseId: string,
  siteOrigin: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const source of await evaluationSources()) {
    const id = createId();
    ids.push(id);
    if (source.type === "file") {
      await prisma.$transaction([
        prisma.knowledgeSource.create({
          data: {
            id,
            knowledgeBaseId,
            type: "file",
            name: source.name,
            fileType: source.fileType,
            fileSize: source.bytes.byteLength,
          },
        }),
        prisma.knowledgeFilePart.create({
          data: { sourceId: id, part: 0, bytes: new Uint8Array(source.bytes) },
        }),
      ]);
    } else
      await prisma.knowledgeSource.create({
        data: {
          id,
          knowledgeBaseId,
          type: source.type,
          name: source.name,
          ...(source.type === "text"
            ? { text: source.text }
            : {
                url: `${siteOrigin}${source.path}`,
                maxPages: source.type === "sitemap" ? source.pages.length : null,
              }),
        },
      });
  }
  return ids;
}
