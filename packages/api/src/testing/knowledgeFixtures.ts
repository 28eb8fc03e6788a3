import { getPrisma } from "@parley/db";
import { getJobQueue } from "@parley/db/queue";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import {
  indexKnowledgeSource,
  indexKnowledgeSourceJob,
} from "@parley/integrations/knowledge/indexKnowledgeSource";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import type { TestTeam } from "@parley/platform/testing/fixtures";
import { expect } from "vitest";
import { callApi } from "./fixtures";

/**
 * What the knowledge API tests share: embeddings credentials on a local OpenAI-protocol server, a base and its
 * sources made through the REST API as a MEMBER, the queued indexing jobs run here as the builder's worker runs
 * them, and the sources and passages read back as a GUEST.
 */

/** OpenAI credentials of the workspace whose embeddings come from `server` (or `baseUrl`). */
export async function createEmbeddingCredentials(
  workspaceId: string,
  server: FakeProviderServer,
  apiKey: string,
  baseUrl = `${server.origin}/v1`,
): Promise<string> {
  const record = await createWorkspaceCredentials(getPrisma(), workspaceId, {
    type: "openai",
    name: "OpenAI",
    data: { apiKey, baseUrl },
  });
  return record.id;
}

/** A knowledge base of the team's workspace (`POST /knowledgeBases`, answered 200). */
export async function createKnowledgeBase(
  team: TestTeam,
  credentialsId: string,
  { name = "Help centre", embeddingModel = "text-embedding-3-small" } = {},
): Promise<{ id: string; credentialsId: string }> {
  const created = await callApi("POST", "/knowledgeBases", {
    token: team.member.token,
    body: { workspaceId: team.workspaceId, knowledgeBase: { name, credentialsId, embeddingModel } },
  });
  expect(created.status).toBe(200);
  return created.body.knowledgeBase;
}

/** `POST /knowledgeBases/{id}/sources` as it answered (refusals included). */
export function addKnowledgeSource(team: TestTeam, knowledgeBaseId: string, source: Record<string, unknown>) {
  return callApi("POST", `/knowledgeBases/${knowledgeBaseId}/sources`, {
    token: team.member.token,
    body: { source },
  });
}

/** A text source added (answered 200). */
export async function addTextSource(
  team: TestTeam,
  knowledgeBaseId: string,
  name: string,
  text: string,
): Promise<{ id: string; status: string }> {
  const added = await addKnowledgeSource(team, knowledgeBaseId, { type: "text", name, text });
  expect(added.status).toBe(200);
  return added.body.source;
}

/** A source as `GET /knowledgeBases/{id}/sources` lists it. */
export interface ListedKnowledgeSource {
  id: string;
  name: string;
  type: string;
  status: string;
  error: string | null;
  chunkCount: number;
  lastIndexedAt: string | null;
  fileType?: string;
  fileSize?: number;
}

export async function listKnowledgeSources(
  team: TestTeam,
  knowledgeBaseId: string,
): Promise<ListedKnowledgeSource[]> {
  const listed = await callApi("GET", `/knowledgeBases/${knowledgeBaseId}/sources`, {
    token: team.guest.token,
  });
  expect(listed.status).toBe(200);
  return listed.body.sources;
}

/** A passage as `POST /knowledgeBases/{id}/query` returns it. */
export interface KnowledgeResult {
  text: string;
  score: number;
  similarity: number;
  source: { id: string; name: string; url?: string };
  location?: string;
}

/** The passages a GUEST's query finds (answered 200). */
export async function queryKnowledge(
  team: TestTeam,
  knowledgeBaseId: string,
  query: string,
  topK = 5,
): Promise<KnowledgeResult[]> {
  const answered = await callApi("POST", `/knowledgeBases/${knowledgeBaseId}/query`, {
    token: team.guest.token,
    body: { query, topK },
  });
  expect(answered.status).toBe(200);
  return answered.body.results;
}

/**
 * Runs the queued indexing jobs here, as the builder's worker would, until none is due; `index` is what each
 * job does with its source (by default: index it, the local servers allowed).
 */
export async function runQueuedIndexing(
  index: (sourceId: string) => Promise<unknown> = (sourceId) =>
    indexKnowledgeSource(getPrisma(), sourceId, { allowList: ["127.0.0.1"] }),
) {
  const queue = getJobQueue();
  while (
    (await queue.runOne(indexKnowledgeSourceJob, async ({ sourceId }) => {
      await index(sourceId);
    })) !== "none"
  );
}
