import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The query endpoint embeds the question through the server's allow-list: a local server on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import {
  evaluationQuestions,
  readCorpusFile,
  startEvaluationSite,
} from "@parley/integrations/knowledge/evaluation/evaluationCorpus";
import { addEvaluationSources } from "@parley/integrations/knowledge/evaluation/runRetrievalEvaluation";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";
import {
  isSupportedByKnowledge,
  KNOWLEDGE_SUPPORT_MIN_SIMILARITY,
} from "@parley/integrations/knowledge/searchKnowledgeBase";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import type { LocalServer } from "@parley/integrations/testing/startLocalServer";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { callApi } from "../../testing/fixtures";
import {
  createEmbeddingCredentials,
  createKnowledgeBase,
  queryKnowledge,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

/**
 * Retrieval quality over the evaluation corpus (a bike-sharing service's help centre: text, file, url and
 * sitemap sources), through the REST API: a question needing two sources, a changed text and a changed page
 * (their old passages never returned again), a deleted source, and an unanswerable question.
 */
const apiKey = "sk-knowledge-quality";
const changedPages = new Map<string, string>();
let openAi: FakeProviderServer;
let site: LocalServer;
let team: TestTeam;
let knowledgeBaseId: string;
const sourceIds = new Map<string, string>();

beforeAll(async () => {
  openAi = await startFakeOpenAiServer(apiKey);
  site = await startEvaluationSite(changedPages);
  team = await createTestTeam();
  const credentialsId = await createEmbeddingCredentials(team.workspaceId, openAi, apiKey);
  knowledgeBaseId = (await createKnowledgeBase(team, credentialsId, { name: "Spokewise help" })).id;
  const ids = await addEvaluationSources(getPrisma(), knowledgeBaseId, site.origin);
  for (const id of ids)
    expect(await indexKnowledgeSource(getPrisma(), id, { allowList: ["127.0.0.1"] })).toBe("ready");
  const sources = await getPrisma().knowledgeSource.findMany({
    where: { knowledgeBaseId },
    select: { id: true, name: true },
  });
  for (const source of sources) sourceIds.set(source.name, source.id);
}, 120_000);

afterAll(async () => {
  await site.close();
  await openAi.close();
  await stopJobQueue();
});

const query = (question: string, topK = 5) => queryKnowledge(team, knowledgeBaseId, question, topK);

/** The corpus's questions about one document (those the evaluation asks of it). */
const questionsOf = (document: string) =>
  evaluationQuestions.filter((item) => item.document === document).map((item) => item.question);

describe("knowledge retrieval quality", () => {
  it("finds both passages of a question that two sources answer", async () => {
    const results = await query("What does the Annual plan cost, and can I get a refund for it?");
    const found = results.map((result) => [result.source.name, result.text]);
    expect(found).toContainEqual([
      "plans.md",
      expect.stringContaining("The Annual plan costs €119 per year"),
    ]);
    expect(found).toContainEqual([
      "refunds.md",
      expect.stringContaining("An Annual plan can be refunded in full within 14 days of purchase"),
    ]);
  });

  it("never returns a changed text source's old passages once it is patched", async () => {
    const name = "pricing-rides.md";
    const oldText = readCorpusFile(name);
    const newText = oldText
      .replace("an unlock fee of €1.00", "an unlock fee of €1.50")
      .replace("capped at €18", "capped at €20");
    const patched = await callApi(
      "PATCH",
      `/knowledgeBases/${knowledgeBaseId}/sources/${sourceIds.get(name)}`,
      {
        token: team.member.token,
        body: { source: { text: newText } },
      },
    );
    expect(patched.status).toBe(200);
    const questions = [...questionsOf(name), "unlock fee €1.00 daily cap €18"];
    // At once (not yet indexed again), then once indexed: the old figures are gone from every answer.
    for (const stage of ["patched", "indexed"]) {
      if (stage === "indexed") await runQueuedIndexing();
      for (const question of questions) {
        const texts = (await query(question, 50)).map((result) => result.text).join("\n");
        expect(texts, `${stage}: ${question}`).not.toContain("€1.00");
        expect(texts, `${stage}: ${question}`).not.toContain("€18");
      }
    }
    const fee = await query("How much is the unlock fee without a plan?");
    expect(fee.map((result) => result.text)).toContainEqual(
      expect.stringContaining("an unlock fee of €1.50"),
    );
  });

  it("never returns a refreshed web page's old passages", async () => {
    const name = "payments.html";
    changedPages.set(
      name,
      readCorpusFile(name)
        .replace("a temporary hold of €50 on your card", "a temporary hold of €30 on your card")
        .replace("released within 3 business days", "released within 2 business days"),
    );
    const sourceId = [...sourceIds].find(([sourceName]) => sourceName === name)?.[1];
    const refreshed = await callApi(
      "POST",
      `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}/refresh`,
      {
        token: team.member.token,
      },
    );
    expect(refreshed.status).toBe(200);
    await runQueuedIndexing();
    for (const question of [...questionsOf(name), "Why was money held on my card?"]) {
      const texts = (await query(question, 50)).map((result) => result.text).join("\n");
      expect(texts, question).not.toContain("hold of €50");
      expect(texts, question).not.toContain("within 3 business days");
    }
    const hold = await query("Why was money held on my card?");
    expect(hold.map((result) => [result.source.id, result.text])).toContainEqual([
      sourceId,
      expect.stringContaining("a temporary hold of €30 on your card"),
    ]);
  });

  it("never returns a deleted source", async () => {
    const name = "fees.csv";
    const sourceId = sourceIds.get(name);
    const before = await query("What do I owe if I lose a bike? Lost or stolen bike fee", 5);
    expect(before.map((result) => result.source.id)).toContain(sourceId);
    const deleted = await callApi("DELETE", `/knowledgeBases/${knowledgeBaseId}/sources/${sourceId}`, {
      token: team.member.token,
    });
    expect(deleted.body).toEqual({ message: "success" });
    for (const question of [...questionsOf(name), "Lost or stolen bike fee €850 cleaning €25"]) {
      const results = await query(question, 50);
      expect(results.length, question).toBeGreaterThan(0);
      expect(
        results.map((result) => result.source.id),
        question,
      ).not.toContain(sourceId);
      expect(results.map((result) => result.text).join("\n"), question).not.toContain("€850");
    }
  });

  it("says an unanswerable question is not supported: no passage reaches the similarity an answer needs", async () => {
    const unanswerable = await query("Who won the football match last night?");
    // Retrieval still ranks passages, and the best of them has as high a fused score as for a real answer:
    // the score is made of ranks. The similarity tells them apart.
    const answerable = await query("What does error E42 mean?");
    expect(unanswerable.length).toBe(5);
    expect(unanswerable[0]?.score).toBeGreaterThan(0.75 * (answerable[0]?.score ?? 0));
    for (const result of unanswerable)
      expect(result.similarity).toBeLessThan(KNOWLEDGE_SUPPORT_MIN_SIMILARITY);
    expect(isSupportedByKnowledge(unanswerable)).toBe(false);
    expect(answerable[0]?.text).toContain("Error E42 means the lock did not confirm the unlock in time");
    expect(answerable[0]?.similarity).toBeGreaterThanOrEqual(KNOWLEDGE_SUPPORT_MIN_SIMILARITY);
    expect(isSupportedByKnowledge(answerable)).toBe(true);
  });
});
