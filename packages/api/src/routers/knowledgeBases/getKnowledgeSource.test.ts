import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestUser } from "@parley/platform/testing/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { createCallerFactory } from "../../trpc";
import { appRouter } from "../appRouter";

const callerFor = (user: TestUser) =>
  createCallerFactory(appRouter)({
    prisma: getPrisma(),
    logger,
    requestId: "test",
    authenticate: async () => ({ id: user.user.id, email: user.email, name: null }),
  });

afterAll(() => stopJobQueue());

const returnsPolicy = "# Returns\n\nItems can be returned within 30 days of delivery for a full refund.";

async function createBaseWithSources() {
  const team = await createTestTeam();
  const credentials = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
    type: "openai",
    name: "OpenAI",
    data: { apiKey: "sk-get-source", baseUrl: "http://127.0.0.1:9/v1" },
  });
  const member = callerFor(team.member);
  const { knowledgeBase } = await member.knowledgeBases.createKnowledgeBase({
    workspaceId: team.workspaceId,
    knowledgeBase: {
      name: "Help centre",
      credentialsId: credentials.id,
      embeddingModel: "text-embedding-3-small",
    },
  });
  const { source: text } = await member.knowledgeBases.createKnowledgeSource({
    knowledgeBaseId: knowledgeBase.id,
    source: { type: "text", name: "Returns policy", text: returnsPolicy },
  });
  const { source: page } = await member.knowledgeBases.createKnowledgeSource({
    knowledgeBaseId: knowledgeBase.id,
    source: { type: "url", url: "https://help.example.com/returns" },
  });
  return { team, knowledgeBaseId: knowledgeBase.id, text, page };
}

describe("getKnowledgeSource (the builder's editor of text sources)", () => {
  it("reads a text source with its document, for a guest too; other kinds without text", async () => {
    const { team, knowledgeBaseId, text, page } = await createBaseWithSources();
    const guest = callerFor(team.guest);
    const read = await guest.knowledgeBases.getKnowledgeSource({ knowledgeBaseId, sourceId: text.id });
    expect(read.source).toMatchObject({
      id: text.id,
      type: "text",
      name: "Returns policy",
      text: returnsPolicy,
    });
    const web = await guest.knowledgeBases.getKnowledgeSource({ knowledgeBaseId, sourceId: page.id });
    expect(web.source).toMatchObject({ type: "url", url: "https://help.example.com/returns" });
    expect("text" in web.source).toBe(false);
  });

  it("never reads another workspace's source, nor a source under another base", async () => {
    const mine = await createBaseWithSources();
    const theirs = await createBaseWithSources();
    await expect(
      callerFor(theirs.team.admin).knowledgeBases.getKnowledgeSource({
        knowledgeBaseId: mine.knowledgeBaseId,
        sourceId: mine.text.id,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      callerFor(mine.team.admin).knowledgeBases.getKnowledgeSource({
        knowledgeBaseId: mine.knowledgeBaseId,
        sourceId: theirs.text.id,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
