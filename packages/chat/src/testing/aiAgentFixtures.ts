// Flows and knowledge bases of the AI agent's conversation tests (over HTTP and on the messaging channels).
import { createId, getPrisma } from "@parley/db";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { expect } from "vitest";
import type { TestFlow } from "./testFlow";
import { group, startEdge, startEvent, text } from "./testFlows";

/**
 * Support (the agent `b-agent`, its path "talk_to_a_human" to the group Human), Human (a text, "A person
 * will take over"); the reply saved in Reply, its sources in Sources (and Email for a tool to set). `options` are the block's options
 * beyond the defaults written here (the fallback text "Sorry, I don't know that.").
 */
export const createAgentFlow = (options: Record<string, unknown>): TestFlow => ({
  events: [startEvent],
  groups: [
    group("g-agent", [
      {
        id: "b-agent",
        type: "AI agent",
        items: [
          {
            id: "i-human",
            name: "talk_to_a_human",
            description: "The visitor asks for a person",
            outgoingEdgeId: "e-human",
          },
        ],
        options: {
          model: "model-agent",
          instructions: "You are Acme's support agent.",
          replyVariableId: "v-reply",
          sourcesVariableId: "v-sources",
          fallbackMessage: "Sorry, I don't know that.",
          ...options,
        },
      },
    ]),
    group("g-human", [text("b-human", "A person will take over")], { x: 300 }),
  ],
  edges: [
    startEdge("g-agent"),
    { id: "e-human", from: { blockId: "b-agent", itemId: "i-human" }, to: { groupId: "g-human" } },
  ],
  variables: [
    { id: "v-reply", name: "Reply" },
    { id: "v-sources", name: "Sources" },
    { id: "v-email", name: "Email" },
  ],
});

/** A knowledge base of `workspaceId` with text sources, indexed by the indexing job's own function. */
export async function createIndexedKnowledgeBase(
  workspaceId: string,
  credentialsId: string,
  sources: { name: string; text: string }[],
) {
  const prisma = getPrisma();
  const base = await prisma.knowledgeBase.create({
    data: {
      id: createId(),
      workspaceId,
      name: "Help centre",
      credentialsId,
      embeddingModel: "text-embedding-3-small",
    },
  });
  const sourceIds: string[] = [];
  for (const source of sources) {
    const created = await prisma.knowledgeSource.create({
      data: { id: createId(), knowledgeBaseId: base.id, type: "text", name: source.name, text: source.text },
    });
    expect(await indexKnowledgeSource(prisma, created.id, { allowList: ["127.0.0.1"] })).toBe("ready");
    sourceIds.push(created.id);
  }
  return { baseId: base.id, sourceIds };
}

/** The chat requests (OpenAI's or Anthropic's) `server` received since the `from`th request. */
export const chatRequestsSince = (server: FakeProviderServer, from: number) =>
  server.requests
    .slice(from)
    .filter((request) => request.path.endsWith("/chat/completions") || request.path.endsWith("/messages"));

/** A result's logs, oldest first, as the results page lists them. */
export const readResultLogs = (resultId: string) =>
  getPrisma().log.findMany({
    where: { resultId },
    orderBy: { createdAt: "asc" },
    select: { status: true, description: true, details: true },
  });
