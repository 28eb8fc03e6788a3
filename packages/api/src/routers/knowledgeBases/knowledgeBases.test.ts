import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The query endpoint embeds the question through the server's allow-list: a local server on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { getPrisma } from "@parley/db";
import { getJobQueue, stopJobQueue } from "@parley/db/queue";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import {
  indexKnowledgeSource,
  indexKnowledgeSourceJob,
} from "@parley/integrations/knowledge/indexKnowledgeSource";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import {
  fakeEmbedding,
  startFakeMistralServer,
  startFakeOpenAiServer,
  UNAVAILABLE_EMBEDDING_MODEL,
} from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { callApi } from "../../testing/fixtures";
import {
  addTextSource,
  createEmbeddingCredentials,
  createKnowledgeBase,
  listKnowledgeSources,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

const apiKey = "sk-knowledge-test";
let openAi: FakeProviderServer;
let mistral: FakeProviderServer;

beforeAll(async () => {
  openAi = await startFakeOpenAiServer(apiKey);
  mistral = await startFakeMistralServer(apiKey);
});
afterAll(async () => {
  await openAi.close();
  await mistral.close();
  await stopJobQueue();
});

const openAiCredentials = (workspaceId: string, baseUrl?: string) =>
  createEmbeddingCredentials(workspaceId, openAi, apiKey, baseUrl);
const createBase = (team: TestTeam, credentialsId: string, embeddingModel?: string) =>
  createKnowledgeBase(team, credentialsId, { embeddingModel });

async function query(team: TestTeam, knowledgeBaseId: string, text: string, topK = 5) {
  return callApi("POST", `/knowledgeBases/${knowledgeBaseId}/query`, {
    token: team.guest.token,
    body: { query: text, topK },
  });
}

const returnsPolicy = `# Returns

Items can be returned within 30 days of delivery for a full refund.

## Damaged parcels

A parcel that arrives damaged is replaced free of charge: send a photo to the support team.`;

const shippingPolicy = `# Shipping

Orders leave the warehouse in Lyon within two working days. Express shipping reaches Paris overnight.`;

describe("knowledge bases", () => {
  it("creates, reads, lists, renames and deletes a knowledge base, by role", async () => {
    const team = await createTestTeam();
    const credentialsId = await openAiCredentials(team.workspaceId);
    const guestTry = await callApi("POST", "/knowledgeBases", {
      token: team.guest.token,
      body: {
        workspaceId: team.workspaceId,
        knowledgeBase: { name: "X", credentialsId, embeddingModel: "text-embedding-3-small" },
      },
    });
    expect(guestTry.status).toBe(403);
    const base = await createBase(team, credentialsId);
    const got = await callApi("GET", `/knowledgeBases/${base.id}`, { token: team.guest.token });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body.knowledgeBase).sort()).toEqual([
      "createdAt",
      "credentialsId",
      "embeddingModel",
      "id",
      "name",
      "updatedAt",
      "workspaceId",
    ]);
    expect(got.body.knowledgeBase).toMatchObject({
      name: "Help centre",
      credentialsId,
      embeddingModel: "text-embedding-3-small",
      workspaceId: team.workspaceId,
    });
    const listed = await callApi("GET", `/knowledgeBases?workspaceId=${team.workspaceId}`, {
      token: team.guest.token,
    });
    expect(listed.body.knowledgeBases.map((item: { id: string }) => item.id)).toEqual([base.id]);
    const renamed = await callApi("PATCH", `/knowledgeBases/${base.id}`, {
      token: team.member.token,
      body: { knowledgeBase: { name: "Support answers" } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.knowledgeBase.name).toBe("Support answers");
    const guestDelete = await callApi("DELETE", `/knowledgeBases/${base.id}`, { token: team.guest.token });
    expect(guestDelete.status).toBe(403);
    const deleted = await callApi("DELETE", `/knowledgeBases/${base.id}`, { token: team.member.token });
    expect(deleted.body).toEqual({ message: "success" });
    const gone = await callApi("GET", `/knowledgeBases/${base.id}`, { token: team.member.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: "NOT_FOUND", message: expect.any(String), issues: [] });
  });

  it("refuses credentials that are unknown, of another workspace or unable to embed, at creation and change", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const foreign = await openAiCredentials(other.workspaceId);
    const smtp = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
      type: "smtp",
      name: "Mail",
      data: {
        host: "127.0.0.1",
        port: 2525,
        username: "u",
        password: "p",
        isTlsEnabled: false,
        from: { email: "bot@example.com" },
      },
    });
    for (const credentialsId of [foreign, smtp.id, "missing-credentials"]) {
      const refused = await callApi("POST", "/knowledgeBases", {
        token: team.admin.token,
        body: {
          workspaceId: team.workspaceId,
          knowledgeBase: { name: "KB", credentialsId, embeddingModel: "text-embedding-3-small" },
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([
        expect.objectContaining({ code: "CREDENTIALS_NOT_FOUND", path: ["knowledgeBase", "credentialsId"] }),
      ]);
    }
    expect(await getPrisma().knowledgeBase.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const patched = await callApi("PATCH", `/knowledgeBases/${base.id}`, {
      token: team.member.token,
      body: { knowledgeBase: { credentialsId: foreign } },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.issues[0]).toMatchObject({ code: "CREDENTIALS_NOT_FOUND" });
    const stored = await getPrisma().knowledgeBase.findUniqueOrThrow({ where: { id: base.id } });
    expect(stored.credentialsId).toBe(base.credentialsId);
  });

  it("keeps a knowledge base whose credentials are deleted, asking for new ones when it searches", async () => {
    const team = await createTestTeam();
    const credentialsId = await openAiCredentials(team.workspaceId);
    const base = await createBase(team, credentialsId);
    const deleted = await callApi("DELETE", `/credentials/${credentialsId}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    const got = await callApi("GET", `/knowledgeBases/${base.id}`, { token: team.guest.token });
    expect(got.body.knowledgeBase.credentialsId).toBeNull();
    const searched = await query(team, base.id, "refund");
    expect(searched.status).toBe(400);
    expect(searched.body.issues).toEqual([
      {
        code: "EMBEDDINGS_FAILED",
        message: "The knowledge base has no AI credentials: choose some in its settings",
      },
    ]);
  });

  it("never lets another workspace read, change, index or search a knowledge base", async () => {
    const team = await createTestTeam();
    const other = await createTestTeam();
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const source = await addTextSource(team, base.id, "Returns", returnsPolicy);
    const otherBase = await createBase(other, await openAiCredentials(other.workspaceId));
    const otherSource = await addTextSource(other, otherBase.id, "Shipping", shippingPolicy);
    await runQueuedIndexing();
    const calls: [string, string, unknown][] = [
      ["GET", `/knowledgeBases/${base.id}`, undefined],
      ["PATCH", `/knowledgeBases/${base.id}`, { knowledgeBase: { name: "Mine" } }],
      ["DELETE", `/knowledgeBases/${base.id}`, undefined],
      ["GET", `/knowledgeBases/${base.id}/sources`, undefined],
      ["POST", `/knowledgeBases/${base.id}/sources`, { source: { type: "text", name: "X", text: "Y" } }],
      ["PATCH", `/knowledgeBases/${base.id}/sources/${source.id}`, { source: { text: "Changed" } }],
      ["DELETE", `/knowledgeBases/${base.id}/sources/${source.id}`, undefined],
      ["POST", `/knowledgeBases/${base.id}/sources/${source.id}/refresh`, undefined],
      ["GET", `/knowledgeBases/${base.id}/sources/${source.id}/pages`, undefined],
      [
        "POST",
        `/knowledgeBases/${base.id}/sources`,
        { source: { type: "url", url: "https://example.com/" } },
      ],
      [
        "POST",
        `/knowledgeBases/${base.id}/sources`,
        { source: { type: "sitemap", url: "https://example.com/sitemap.xml" } },
      ],
      ["POST", `/knowledgeBases/${base.id}/query`, { query: "refund", topK: 3 }],
    ];
    for (const [method, path, body] of calls) {
      // A member of another workspace: FORBIDDEN (decisions.md: a valid token without access to the record).
      const refused = await callApi(method, path, { token: other.admin.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    // Another base's source named under one's own base: missing.
    for (const [method, path, body] of [
      ["PATCH", `/knowledgeBases/${base.id}/sources/${otherSource.id}`, { source: { text: "Mine now" } }],
      ["DELETE", `/knowledgeBases/${base.id}/sources/${otherSource.id}`, undefined],
      ["POST", `/knowledgeBases/${base.id}/sources/${otherSource.id}/refresh`, undefined],
      ["GET", `/knowledgeBases/${base.id}/sources/${otherSource.id}/pages`, undefined],
    ] as const) {
      const missing = await callApi(method, path, { token: team.admin.token, body });
      expect(missing.status, `${method} ${path}`).toBe(404);
    }
    // Nothing changed, and one base's search never returns the other's passages.
    expect((await listKnowledgeSources(other, otherBase.id)).map((item) => item.status)).toEqual(["ready"]);
    expect((await listKnowledgeSources(team, base.id)).map((item) => item.name)).toEqual(["Returns"]);
    const searched = await query(team, base.id, "Express shipping to Paris overnight from Lyon");
    expect(searched.status).toBe(200);
    expect(searched.body.results.map((result: { source: { id: string } }) => result.source.id)).not.toContain(
      otherSource.id,
    );
  });

  it("indexes a text source, finds it with its source and headings, forgets replaced text and deleted sources", async () => {
    const team = await createTestTeam();
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const returns = await addTextSource(team, base.id, "Returns policy", returnsPolicy);
    const shipping = await addTextSource(team, base.id, "Shipping", shippingPolicy);
    expect(returns.status).toBe("pending");
    const embedCallsBefore = openAi.requests.filter((request) => request.path === "/v1/embeddings").length;
    await runQueuedIndexing();
    const sources = await listKnowledgeSources(team, base.id);
    expect(sources.map((item) => [item.name, item.status, item.error, item.chunkCount])).toEqual([
      ["Returns policy", "ready", null, 2],
      ["Shipping", "ready", null, 1],
    ]);
    expect(sources.every((item) => item.lastIndexedAt !== null)).toBe(true);
    // What the embeddings server received: the base's model, each passage with its headings, the key.
    const embedCalls = openAi.requests
      .filter((request) => request.path === "/v1/embeddings")
      .slice(embedCallsBefore);
    expect(embedCalls.map((request) => request.json?.model)).toEqual([
      "text-embedding-3-small",
      "text-embedding-3-small",
    ]);
    expect(embedCalls.flatMap((request) => request.json?.input as string[])).toContain(
      "Returns > Damaged parcels\n\nA parcel that arrives damaged is replaced free of charge: send a photo to the support team.",
    );
    expect(embedCalls[0]?.headers.authorization).toBe(`Bearer ${apiKey}`);

    const damaged = await query(team, base.id, "my parcel arrived damaged, what do I do?", 2);
    expect(damaged.status).toBe(200);
    expect(damaged.body.results[0]).toEqual({
      text: "A parcel that arrives damaged is replaced free of charge: send a photo to the support team.",
      score: expect.any(Number),
      similarity: expect.any(Number),
      source: { id: returns.id, name: "Returns policy" },
      location: "Returns > Damaged parcels",
    });
    const lyon = await query(team, base.id, "When do orders leave the warehouse?", 1);
    expect(lyon.body.results.map((result: { source: { id: string } }) => result.source.id)).toEqual([
      shipping.id,
    ]);

    // New text: the old passages are gone at once, the new ones found once indexed.
    const patched = await callApi("PATCH", `/knowledgeBases/${base.id}/sources/${returns.id}`, {
      token: team.member.token,
      body: { source: { text: "# Returns\n\nReturns are accepted within 14 days, store credit only." } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.source).toMatchObject({ status: "pending", chunkCount: 0 });
    const meanwhile = await query(team, base.id, "parcel arrived damaged photo", 5);
    expect(JSON.stringify(meanwhile.body.results)).not.toContain("damaged");
    await runQueuedIndexing();
    const afterPatch = await query(team, base.id, "parcel damaged photo refund store credit", 5);
    const texts = afterPatch.body.results.map((result: { text: string }) => result.text);
    expect(texts).toContain("Returns are accepted within 14 days, store credit only.");
    expect(texts.join("\n")).not.toContain("damaged");
    expect(await getPrisma().knowledgeChunk.count({ where: { sourceId: returns.id } })).toBe(1);

    // A deleted source is never returned again.
    const deleted = await callApi("DELETE", `/knowledgeBases/${base.id}/sources/${shipping.id}`, {
      token: team.member.token,
    });
    expect(deleted.body).toEqual({ message: "success" });
    const afterDelete = await query(team, base.id, "orders leave the warehouse in Lyon express Paris", 10);
    expect(
      afterDelete.body.results.map((result: { source: { id: string } }) => result.source.id),
    ).not.toContain(shipping.id);
    expect(await getPrisma().knowledgeChunk.count({ where: { sourceId: shipping.id } })).toBe(0);
  });

  it("counts each word's passages per source as the passages change, for the ranking of a large base", async () => {
    const team = await createTestTeam();
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const returns = await addTextSource(team, base.id, "Returns policy", returnsPolicy);
    const shipping = await addTextSource(team, base.id, "Shipping", shippingPolicy);
    const counts = async (sourceId: string) =>
      Object.fromEntries(
        (await getPrisma().knowledgeLexeme.findMany({ where: { sourceId } })).map((row) => [
          row.lexeme,
          row.passages,
        ]),
      );
    await runQueuedIndexing();
    // Both passages of the returns policy hold its heading "Returns"; one the parcel, the other the refund.
    expect(await counts(returns.id)).toMatchObject({ returns: 2, parcel: 1, refund: 1, damaged: 1 });
    expect(await counts(shipping.id)).toMatchObject({ lyon: 1, shipping: 1, paris: 1 });
    expect(
      (await getPrisma().knowledgeLexeme.findMany({ where: { knowledgeBaseId: base.id } })).every(
        (row) => row.knowledgeBaseId === base.id && row.passages > 0,
      ),
    ).toBe(true);

    // New text: the old counts go with the old passages, the new ones come with the new passages.
    await callApi("PATCH", `/knowledgeBases/${base.id}/sources/${returns.id}`, {
      token: team.member.token,
      body: { source: { text: "# Returns\n\nReturns are accepted within 14 days, store credit only." } },
    });
    expect(await counts(returns.id)).toEqual({});
    await runQueuedIndexing();
    const patched = await counts(returns.id);
    expect(patched).toMatchObject({ returns: 1, credit: 1, store: 1 });
    expect(patched).not.toHaveProperty("parcel");

    await callApi("DELETE", `/knowledgeBases/${base.id}/sources/${shipping.id}`, {
      token: team.member.token,
    });
    expect(await counts(shipping.id)).toEqual({});
    // Another embeddings model: every passage is indexed again, the counts with them.
    await callApi("PATCH", `/knowledgeBases/${base.id}`, {
      token: team.member.token,
      body: { knowledgeBase: { embeddingModel: "text-embedding-3-large" } },
    });
    expect(await getPrisma().knowledgeLexeme.count({ where: { knowledgeBaseId: base.id } })).toBe(0);
    await runQueuedIndexing();
    expect(await counts(returns.id)).toEqual(patched);
  });

  it("indexes a source again without duplicates", async () => {
    const team = await createTestTeam();
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const source = await addTextSource(team, base.id, "Returns", returnsPolicy);
    // One waiting job per source in the whole cluster: another enqueue of it (another process) adds none.
    expect(
      await getJobQueue().enqueue(indexKnowledgeSourceJob, { sourceId: source.id }, { key: source.id }),
    ).toBeNull();
    const before = openAi.requests.filter((request) => request.path === "/v1/embeddings").length;
    await runQueuedIndexing();
    expect(openAi.requests.filter((request) => request.path === "/v1/embeddings").length - before).toBe(1);
    // A try run again (its process died after committing): the same chunks, not twice as many.
    expect(await indexKnowledgeSource(getPrisma(), source.id, { allowList: ["127.0.0.1"] })).toBe("ready");
    const chunks = await getPrisma().knowledgeChunk.findMany({
      where: { sourceId: source.id },
      orderBy: { ordinal: "asc" },
      select: { ordinal: true },
    });
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual([0, 1]);
  });

  it("stores nothing for a revision replaced while its embeddings were asked for", async () => {
    const team = await createTestTeam();
    let base: { id: string } | undefined;
    let sourceId = "";
    let edited = false;
    // An embeddings server during whose first answer the author replaces the text.
    const server: LocalServer = await startLocalServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { input: string[] };
        if (!edited && base) {
          edited = true;
          await callApi("PATCH", `/knowledgeBases/${base.id}/sources/${sourceId}`, {
            token: team.member.token,
            body: { source: { text: "Gift cards never expire." } },
          });
        }
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({
            data: body.input.map((text, index) => ({ index, embedding: fakeEmbedding(text) })),
          }),
        );
      });
    });
    try {
      base = await createBase(team, await openAiCredentials(team.workspaceId, `${server.origin}/v1`));
      sourceId = (await addTextSource(team, base.id, "Returns", returnsPolicy)).id;
      expect(await indexKnowledgeSource(getPrisma(), sourceId, { allowList: ["127.0.0.1"] })).toBe(
        "superseded",
      );
      expect(edited).toBe(true);
      expect(await getPrisma().knowledgeChunk.count({ where: { sourceId } })).toBe(0);
      expect((await listKnowledgeSources(team, base.id))[0]).toMatchObject({
        status: "pending",
        chunkCount: 0,
      });
      await runQueuedIndexing();
      const texts = (
        await getPrisma().knowledgeChunk.findMany({ where: { sourceId }, select: { text: true } })
      ).map((chunk) => chunk.text);
      expect(texts).toEqual(["Gift cards never expire."]);
    } finally {
      await server.close();
    }
  });

  it("marks a source failed with the provider's reason and leaves nothing of it searchable", async () => {
    const team = await createTestTeam();
    // A server that embeds the first batch, then fails: the first 64 passages were embedded, none is stored.
    let embeddingCalls = 0;
    const flaky: LocalServer = await startLocalServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        embeddingCalls += 1;
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { input: string[] };
        response.setHeader("content-type", "application/json");
        if (embeddingCalls > 1) {
          response.statusCode = 400;
          response.end(
            JSON.stringify({ error: { message: "This model's maximum context length is exceeded" } }),
          );
          return;
        }
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
    try {
      const base = await createBase(team, await openAiCredentials(team.workspaceId, `${flaky.origin}/v1`));
      const long = Array.from(
        { length: 100 },
        (_, index) => `## Article ${index}\n\nParagraph number ${index} about the loyalty programme.`,
      ).join("\n\n");
      const source = await addTextSource(team, base.id, "Loyalty", long);
      await runQueuedIndexing();
      expect(embeddingCalls).toBe(2);
      const [listed] = await listKnowledgeSources(team, base.id);
      expect(listed).toMatchObject({
        id: source.id,
        status: "failed",
        chunkCount: 0,
        error: "Embedding failed: The provider answered 400: This model's maximum context length is exceeded",
      });
      expect(await getPrisma().knowledgeChunk.count({ where: { sourceId: source.id } })).toBe(0);
      // Searched with working credentials: nothing of the failed source.
      const working = await openAiCredentials(team.workspaceId);
      await callApi("PATCH", `/knowledgeBases/${base.id}`, {
        token: team.member.token,
        body: { knowledgeBase: { credentialsId: working } },
      });
      const found = await query(team, base.id, "Paragraph number 3 about the loyalty programme");
      expect(found.status).toBe(200);
      expect(found.body.results).toEqual([]);
      // Refreshed with the working credentials: indexed whole.
      const refreshed = await callApi("POST", `/knowledgeBases/${base.id}/sources/${source.id}/refresh`, {
        token: team.member.token,
      });
      expect(refreshed.body.source.status).toBe("pending");
      await runQueuedIndexing();
      const [ready] = await listKnowledgeSources(team, base.id);
      expect(ready).toMatchObject({ status: "ready", error: null, chunkCount: 100 });
    } finally {
      await flaky.close();
    }
  });

  it("answers a provider outage as a failed source and a query as BAD_REQUEST with the reason", async () => {
    const team = await createTestTeam();
    const record = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
      type: "mistral",
      name: "Mistral",
      data: { apiKey, baseUrl: `${mistral.origin}/v1` },
    });
    const base = await createBase(team, record.id, UNAVAILABLE_EMBEDDING_MODEL);
    const source = await addTextSource(team, base.id, "Returns", returnsPolicy);
    await runQueuedIndexing();
    const [listed] = await listKnowledgeSources(team, base.id);
    expect(listed).toMatchObject({
      id: source.id,
      status: "failed",
      error:
        "Embedding failed: The provider answered 503: The embeddings service is overloaded, try again later",
    });
    const searched = await query(team, base.id, "refund");
    expect(searched.status).toBe(400);
    expect(searched.body).toEqual({
      code: "BAD_REQUEST",
      message: expect.any(String),
      issues: [
        {
          code: "EMBEDDINGS_FAILED",
          message: "The provider answered 503: The embeddings service is overloaded, try again later",
        },
      ],
    });
  });

  it("refuses sources of kinds it does not index and bad queries, naming the field", async () => {
    const team = await createTestTeam();
    const base = await createBase(team, await openAiCredentials(team.workspaceId));
    const url = await callApi("POST", `/knowledgeBases/${base.id}/sources`, {
      token: team.member.token,
      body: { source: { type: "video", url: "https://example.com/intro.mp4" } },
    });
    expect(url.status).toBe(400);
    expect(url.body.issues[0].path).toEqual(["source", "type"]);
    const empty = await callApi("POST", `/knowledgeBases/${base.id}/query`, {
      token: team.guest.token,
      body: { query: " ", topK: 500 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual([
      "query",
      "topK",
    ]);
  });
});
