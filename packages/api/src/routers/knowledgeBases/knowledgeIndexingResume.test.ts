import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The query endpoint embeds the question through the server's allow-list: a local server on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { fakeEmbedding } from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import {
  addTextSource,
  createKnowledgeBase,
  listKnowledgeSources,
  queryKnowledge,
} from "../../testing/knowledgeFixtures";

/**
 * An OpenAI-protocol embeddings server whose answers a test can hold (the indexing then waits mid-way) or
 * turn into 503s (a provider outage), recording the texts of each request.
 */
interface ControlledEmbeddings {
  server: LocalServer;
  requests: string[][];
  /** Requests answered 503 from this one on (1-based), until `recover()`. */
  failFrom: number | null;
  /** The answer of the request of this number (1-based) waits until `release()`. */
  holdAt: number | null;
  held: Promise<void>;
  release: () => void;
}

async function startControlledEmbeddings(): Promise<ControlledEmbeddings> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { requests: [] as string[][], failFrom: null, holdAt: null, held, release } as Omit<
    ControlledEmbeddings,
    "server"
  >;
  const server = await startLocalServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { input: string[] };
      state.requests.push(body.input);
      const number = state.requests.length;
      response.setHeader("content-type", "application/json");
      if (state.failFrom !== null && number >= state.failFrom) {
        response.statusCode = 503;
        response.end(JSON.stringify({ error: { message: "The embeddings service is overloaded" } }));
        return;
      }
      if (number === state.holdAt) await state.held;
      response.end(
        JSON.stringify({
          object: "list",
          data: body.input.map((text, index) => ({
            object: "embedding",
            index,
            embedding: fakeEmbedding(text),
          })),
        }),
      );
    });
  });
  return Object.assign(state, { server });
}

let embeddings: ControlledEmbeddings;
beforeAll(async () => {
  embeddings = await startControlledEmbeddings();
});
afterAll(async () => {
  await embeddings.server.close();
  await stopJobQueue();
});

/** 200 articles of one paragraph each: 200 passages, embedded in 4 requests (64, 64, 64, 8). */
const handbook = (topic: string) =>
  Array.from(
    { length: 200 },
    (_, index) => `## Article ${index}\n\nParagraph ${index} of the ${topic} handbook, about badge ${index}.`,
  ).join("\n\n");

async function setUp() {
  const team = await createTestTeam();
  const credentials = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
    type: "openai",
    name: "OpenAI",
    data: { apiKey: "sk-resume", baseUrl: `${embeddings.server.origin}/v1` },
  });
  const base = await createKnowledgeBase(team, credentials.id);
  return { team, base };
}

const index = (sourceId: string) => indexKnowledgeSource(getPrisma(), sourceId, { allowList: ["127.0.0.1"] });

describe("indexing a source in batches", () => {
  it("stores passages as they are embedded, searchable only once the last one is in", async () => {
    const { team, base } = await setUp();
    embeddings.requests.length = 0;
    const warehouse = await addTextSource(team, base.id, "Warehouse", handbook("warehouse"));
    expect(await index(warehouse.id)).toBe("ready");

    // Another source, whose indexing waits on its third batch's answer.
    embeddings.requests.length = 0;
    embeddings.holdAt = 3;
    const source = await addTextSource(team, base.id, "Orchard", handbook("orchard"));
    const indexing = index(source.id);
    await vi.waitFor(() => expect(embeddings.requests.length).toBe(3), { timeout: 10_000 });
    // The first two batches are stored (not kept in the indexing's memory)…
    expect(await getPrisma().knowledgePendingChunk.count({ where: { sourceId: source.id } })).toBe(128);
    // …and none of them is found: searches see the other source only.
    const during = await queryKnowledge(team, base.id, "orchard handbook badge 7", 20);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((result) => result.source.id === warehouse.id)).toBe(true);
    const listed = await listKnowledgeSources(team, base.id);
    expect(listed.find((item) => item.id === source.id)).toMatchObject({ status: "indexing", chunkCount: 0 });

    embeddings.release();
    expect(await indexing).toBe("ready");
    embeddings.holdAt = null;
    const after = await queryKnowledge(team, base.id, "orchard handbook badge 7");
    expect(after.map((result) => result.text)).toContain(
      "Paragraph 7 of the orchard handbook, about badge 7.",
    );
    expect(await getPrisma().knowledgePendingChunk.count({ where: { sourceId: source.id } })).toBe(0);
    const chunks = await getPrisma().knowledgeChunk.findMany({
      where: { sourceId: source.id },
      orderBy: { ordinal: "asc" },
      select: { ordinal: true, text: true },
    });
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(
      Array.from({ length: 200 }, (_, ordinal) => ordinal),
    );
    expect(chunks.every((chunk) => chunk.text.includes("orchard"))).toBe(true);
  });

  it("resumes a try that failed mid-way after the passages it stored, without a duplicate", async () => {
    const { team, base } = await setUp();
    embeddings.requests.length = 0;
    // The provider fails from the third request on: two batches of 64 are embedded and stored.
    embeddings.failFrom = 3;
    const source = await addTextSource(team, base.id, "Handbook", handbook("harbour"));
    await expect(index(source.id)).rejects.toThrow("503");
    expect(embeddings.requests).toHaveLength(3);
    const [failed] = await listKnowledgeSources(team, base.id);
    expect(failed).toMatchObject({
      status: "failed",
      chunkCount: 0,
      error: "Embedding failed: The provider answered 503: The embeddings service is overloaded",
    });
    expect(await getPrisma().knowledgePendingChunk.count({ where: { sourceId: source.id } })).toBe(128);
    // Half-indexed: nothing of it is searchable (the provider back, for the question's embedding).
    embeddings.failFrom = null;
    expect(await queryKnowledge(team, base.id, "harbour handbook badge 7")).toEqual([]);

    // The queue's next try: only the passages not stored yet are embedded.
    embeddings.requests.length = 0;
    expect(await index(source.id)).toBe("ready");
    expect(embeddings.requests.map((texts) => texts.length)).toEqual([64, 8]);
    expect(embeddings.requests[0]?.[0]).toContain("Paragraph 128 of the harbour handbook");
    const chunks = await getPrisma().knowledgeChunk.findMany({
      where: { sourceId: source.id },
      orderBy: { ordinal: "asc" },
      select: { ordinal: true, text: true },
    });
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(
      Array.from({ length: 200 }, (_, ordinal) => ordinal),
    );
    expect(new Set(chunks.map((chunk) => chunk.text)).size).toBe(200);
    expect(chunks[130]?.text).toContain("Paragraph 130 of the harbour handbook");
    const [ready] = await listKnowledgeSources(team, base.id);
    expect(ready).toMatchObject({ status: "ready", error: null, chunkCount: 200 });
    const found = await queryKnowledge(team, base.id, "harbour handbook badge 7");
    expect(found.map((result) => result.text)).toContain(
      "Paragraph 7 of the harbour handbook, about badge 7.",
    );
  });
});
