import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import {
  indexKnowledgeSource,
  runKnowledgeIndexJob,
} from "@parley/integrations/knowledge/indexKnowledgeSource";
import { KnowledgeVectorIndex } from "@parley/integrations/knowledge/knowledgeVectorIndex";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { fakeEmbedding, startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { callApi } from "../../testing/fixtures";
import {
  addTextSource,
  createEmbeddingCredentials,
  createKnowledgeBase,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

const apiKey = "sk-vector-index-test";
let openAi: FakeProviderServer;

beforeAll(async () => {
  openAi = await startFakeOpenAiServer(apiKey);
});
afterAll(async () => {
  await openAi.close();
  await stopJobQueue();
});

const createBase = async (team: TestTeam) =>
  createKnowledgeBase(team, await createEmbeddingCredentials(team.workspaceId, openAi, apiKey));

/** Runs the queued indexing jobs as the builder's worker does: each source, then its base's stored graph. */
function runJobs(jobProcessIndex: KnowledgeVectorIndex) {
  return runQueuedIndexing((sourceId) =>
    runKnowledgeIndexJob(getPrisma(), sourceId, {
      allowList: ["127.0.0.1"],
      logger,
      vectorIndex: jobProcessIndex,
    }),
  );
}

/** The names of the sources of the chunks a process's vector search finds for `text`. */
async function searchSources(index: KnowledgeVectorIndex, knowledgeBaseId: string, text: string) {
  const base = await getPrisma().knowledgeBase.findUniqueOrThrow({
    where: { id: knowledgeBaseId },
    select: { id: true, chunksVersion: true },
  });
  const hits = await index.search(getPrisma(), base, Float32Array.from(fakeEmbedding(text)), 50);
  const chunks = await getPrisma().knowledgeChunk.findMany({
    where: { id: { in: hits.map((hit) => hit.id) } },
    select: { id: true, source: { select: { name: true } } },
  });
  // Every hit is a stored chunk: none of a deleted or replaced source.
  expect(chunks).toHaveLength(hits.length);
  const nameById = new Map(chunks.map((chunk) => [chunk.id, chunk.source.name]));
  return hits.map((hit) => nameById.get(hit.id));
}

const returns = "# Returns\n\nItems can be returned within 30 days of delivery for a full refund.";
const shipping = "# Shipping\n\nParcels leave the warehouse within two working days by tracked courier.";
const warranty = "# Warranty\n\nEvery kettle carries a two year warranty against heating element faults.";

describe("the vector graph stored by the indexing job", () => {
  it("is loaded by a restarted process, which catches up only the chunks changed since", async () => {
    const team = await createTestTeam();
    const base = await createBase(team);
    await addTextSource(team, base.id, "Returns", returns);
    const shippingSource = await addTextSource(team, base.id, "Shipping", shipping);
    const jobProcess = new KnowledgeVectorIndex();
    await runJobs(jobProcess);

    const stored = await getPrisma().knowledgeVectorIndex.findUniqueOrThrow({
      where: { knowledgeBaseId: base.id },
      select: { chunksVersion: true, chunkIds: true, byteLength: true, _count: { select: { parts: true } } },
    });
    const current = await getPrisma().knowledgeBase.findUniqueOrThrow({ where: { id: base.id } });
    const chunkIds = await getPrisma().knowledgeChunk.findMany({ where: { knowledgeBaseId: base.id } });
    expect(stored.chunksVersion).toBe(current.chunksVersion);
    expect([...stored.chunkIds].sort()).toEqual(chunkIds.map((chunk) => chunk.id).sort());
    expect(stored.byteLength).toBeGreaterThan(0n);
    expect(stored._count.parts).toBeGreaterThan(0);

    // A restart: a new process's index finds the stored graph and inserts no embedding.
    const restarted = new KnowledgeVectorIndex();
    expect(await searchSources(restarted, base.id, "return within 30 days refund")).toContain("Returns");
    expect(restarted.statistics).toMatchObject({ storedGraphsLoaded: 1, vectorsAdded: 0, vectorsRemoved: 0 });

    // A source deleted (no job runs) and one added whose job stored its chunks but not the graph.
    expect(
      (
        await callApi("DELETE", `/knowledgeBases/${base.id}/sources/${shippingSource.id}`, {
          token: team.member.token,
        })
      ).status,
    ).toBe(200);
    const warrantySource = await addTextSource(team, base.id, "Warranty", warranty);
    expect(await indexKnowledgeSource(getPrisma(), warrantySource.id, { allowList: ["127.0.0.1"] })).toBe(
      "ready",
    );
    const warrantyChunks = await getPrisma().knowledgeChunk.count({ where: { sourceId: warrantySource.id } });

    const again = new KnowledgeVectorIndex();
    const found = await searchSources(again, base.id, "parcels warehouse tracked courier");
    expect(found).not.toContain("Shipping");
    expect(await searchSources(again, base.id, "kettle two year warranty")).toContain("Warranty");
    expect(again.statistics).toMatchObject({
      storedGraphsLoaded: 1,
      vectorsAdded: warrantyChunks,
      vectorsRemoved: 1,
    });
    // The process that searched before the changes catches up the same way.
    expect(await searchSources(restarted, base.id, "parcels warehouse tracked courier")).not.toContain(
      "Shipping",
    );
    expect(restarted.statistics).toMatchObject({ vectorsAdded: warrantyChunks, vectorsRemoved: 1 });

    // The next job stores the graph caught up: the process after it inserts nothing.
    await callApi("POST", `/knowledgeBases/${base.id}/sources/${warrantySource.id}/refresh`, {
      token: team.member.token,
    });
    await runJobs(jobProcess);
    const third = new KnowledgeVectorIndex();
    expect(await searchSources(third, base.id, "kettle two year warranty")).toContain("Warranty");
    expect(third.statistics).toMatchObject({ storedGraphsLoaded: 1, vectorsAdded: 0 });
  });

  it("never returns the passages a PATCH replaced, though the stored graph still holds them", async () => {
    const team = await createTestTeam();
    const base = await createBase(team);
    const source = await addTextSource(team, base.id, "Returns", returns);
    await runJobs(new KnowledgeVectorIndex());
    const patched = await callApi("PATCH", `/knowledgeBases/${base.id}/sources/${source.id}`, {
      token: team.member.token,
      body: { source: { text: warranty } },
    });
    expect(patched.status).toBe(200);
    // The new text is not indexed yet: a restarted process finds nothing, not the old passages.
    const restarted = new KnowledgeVectorIndex();
    expect(await searchSources(restarted, base.id, "return within 30 days refund")).toEqual([]);
    expect(restarted.statistics).toMatchObject({ storedGraphsLoaded: 1, vectorsRemoved: 1, vectorsAdded: 0 });
  });

  it("is not used when it cannot be loaded: the graph is built from the chunks", async () => {
    const team = await createTestTeam();
    const base = await createBase(team);
    await addTextSource(team, base.id, "Returns", returns);
    await runJobs(new KnowledgeVectorIndex());
    await getPrisma().knowledgeVectorIndexPart.updateMany({
      where: { knowledgeBaseId: base.id },
      data: { bytes: new Uint8Array([1, 2, 3]) },
    });
    const restarted = new KnowledgeVectorIndex();
    expect(await searchSources(restarted, base.id, "return within 30 days refund")).toEqual(["Returns"]);
    expect(restarted.statistics).toMatchObject({
      storedGraphsLoaded: 0,
      storedGraphsRejected: 1,
      vectorsAdded: 1,
    });
  });
});
