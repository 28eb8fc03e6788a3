import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "./core/ports/createPortServices";
import { createIndexedKnowledgeBase } from "./testing/aiAgentFixtures";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "./testing/chatFixtures";
import { group, startEdge, startEvent, text } from "./testing/testFlows";

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
const { chat } = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) });

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
});
afterAll(async () => {
  await openai.close();
});

/** A published agent (its path "talk_to_a_human" leads to a text) over the local OpenAI server. */
async function publishAgent(sources: { name: string; text: string }[], settings?: Record<string, unknown>) {
  const prisma = getPrisma();
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(prisma, bot.workspaceId, {
    type: "openai",
    name: "openai",
    data: { apiKey, baseUrl: `${openai.origin}/v1` },
  });
  const { baseId, sourceIds } = await createIndexedKnowledgeBase(bot.workspaceId, credentials.id, sources);
  await publishTestBotVersion(bot.botId, {
    events: [startEvent],
    groups: [
      group("g-agent", [
        {
          id: "b-agent",
          type: "AI agent",
          items: [{ id: "i-human", name: "talk_to_a_human", outgoingEdgeId: "e-human" }],
          options: {
            provider: "openai",
            credentialsId: credentials.id,
            model: "model-agent",
            knowledgeBaseIds: [baseId],
            replyVariableId: "v-reply",
            sourcesVariableId: "v-sources",
            fallbackMessage: "Sorry, I don't know that.",
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
    ],
    ...(settings ? { settings } : {}),
  });
  return { ...bot, sourceIds };
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

/** A streaming client's conversation: a message, the answer's pieces, then the reply the client sends back. */
async function startStreamingChat(bot: { publicId: string; chatKey: string }, language?: string) {
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, {
    isStreamEnabled: true,
    ...(language ? { language } : {}),
  });
  expect(start.status).toBe(200);
  const sessionId = start.body.sessionId as string;
  return {
    resultId: start.body.resultId as string,
    send: (message: string) => call(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message }),
    stream: async () => {
      const response = await chat(
        chatRequest(`/sessions/${sessionId}/streamMessage`, { token: bot.chatKey, body: {} }),
      );
      expect(response.status).toBe(200);
      const pieces: string[] = [];
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pieces.push(value);
      }
      return pieces;
    },
  };
}

describe("AI agent streamed to the widget", () => {
  it("runs the search first, streams the answer in pieces with its markers renumbered, then returns its sources with the reply", async () => {
    const bot = await publishAgent([
      { name: "Shipping", text: "# Shipping\n\nShoes ship to the EU within 3 days." },
      { name: "Returns policy", text: "# Returns\n\nShoes can be returned within 30 days, free of charge." },
    ]);
    const agent = await startStreamingChat(bot);
    const turn = await agent.send("Can I return my shoes?");
    expect(turn.status).toBe(200);
    expect(turn.body.messages).toEqual([]);
    expect(turn.body.clientSideActions).toEqual([
      expect.objectContaining({ type: "stream", stream: true, expectsDedicatedReply: true }),
    ]);
    const before = openai.requests.length;
    openai.script(
      {
        toolCalls: [
          { id: "call_1", name: "search_knowledge", arguments: '{"query":"shoes returns shipping"}' },
        ],
      },
      { text: "Shoes ship in 3 days [2] and come back free within 30 days [1]." },
    );
    const pieces = await agent.stream();
    // Cited second first, the source the search numbered 2 is [1] in what the visitor reads.
    expect(pieces.join("")).toBe("Shoes ship in 3 days [1] and come back free within 30 days [2].");
    expect(pieces.length).toBeGreaterThan(1);
    const toolResult = openai.requests
      .slice(before)
      .flatMap((request) => (request.json?.messages ?? []) as { role: string; content: string }[])
      .find((message) => message.role === "tool")?.content;
    const numberedSecond = toolResult?.match(/\[2\] (Shipping|Returns policy)/)?.[1];
    expect(numberedSecond).toBeDefined();
    const sources = [
      { id: bot.sourceIds[0], name: "Shipping" },
      { id: bot.sourceIds[1], name: "Returns policy" },
    ];
    const expectedSources = numberedSecond === "Shipping" ? sources : [sources[1], sources[0]];
    // The client sends the streamed text back: the answer is not shown again, its sources come with it.
    const next = await agent.send(pieces.join(""));
    expect(next.status).toBe(200);
    expect(next.body.messages).toEqual([]);
    expect(next.body.streamedMessageSources).toEqual(expectedSources);
    expect(next.body.input).toMatchObject({ id: "b-agent", type: "text input" });
    const result = await getPrisma().result.findUniqueOrThrow({ where: { id: agent.resultId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "Reply",
          value: "Shoes ship in 3 days [1] and come back free within 30 days [2].",
        }),
        expect.objectContaining({ name: "Sources", value: expectedSources.map((source) => source.name) }),
      ]),
    );
    const answers = await getPrisma().answer.findMany({
      where: { resultId: agent.resultId },
      select: { content: true },
    });
    expect(answers).toEqual([{ content: "Can I return my shoes?" }]);
    const logs = await getPrisma().log.findMany({ where: { resultId: agent.resultId } });
    expect(logs.map((log) => log.description)).toContain(
      `AI agent answered from 2 sources: [1] ${expectedSources[0]?.name}, [2] ${expectedSources[1]?.name}`,
    );
  });

  it("streams the text said with a flow tool, then follows the path when the client replies", async () => {
    const bot = await publishAgent([{ name: "Shipping", text: "Shoes ship to the EU within 3 days." }]);
    const agent = await startStreamingChat(bot);
    await agent.send("I want to talk to a person");
    openai.script({
      text: "Let me find someone.",
      toolCalls: [{ id: "c1", name: "talk_to_a_human", arguments: "{}" }],
    });
    expect((await agent.stream()).join("")).toBe("Let me find someone.");
    const next = await agent.send("Let me find someone.");
    expect(next.body).not.toHaveProperty("streamedMessageSources");
    expect(
      next.body.messages.map(
        (message: { content: { richText: { children: { text: string }[] }[] } }) =>
          message.content.richText[0]?.children[0]?.text,
      ),
    ).toEqual(["A person will take over"]);
    expect(next.body.input).toBeUndefined();
  });

  it("streams the fallback text when the model says the knowledge has no answer", async () => {
    const bot = await publishAgent([{ name: "Shipping", text: "Shoes ship to the EU within 3 days." }]);
    const agent = await startStreamingChat(bot);
    await agent.send("When does your shop in Lyon open?");
    openai.script({ toolCalls: [{ id: "c1", name: "no_answer", arguments: "{}" }] });
    expect((await agent.stream()).join("")).toBe("Sorry, I don't know that.");
    const next = await agent.send("Sorry, I don't know that.");
    expect(next.body.messages).toEqual([]);
    expect(next.body.input).toMatchObject({ id: "b-agent" });
    const logs = await getPrisma().log.findMany({ where: { resultId: agent.resultId } });
    expect(logs.map((log) => log.description)).toEqual(
      expect.arrayContaining([
        "AI agent: the knowledge base has no answer to the question",
        "AI agent answered with its fallback text",
      ]),
    );
  });

  it("tells the model the visitor's language in the streamed turn too", async () => {
    const bot = await publishAgent([{ name: "Shipping", text: "Shoes ship to the EU within 3 days." }], {
      languages: { defaultLanguage: "en", languages: ["de"] },
    });
    const agent = await startStreamingChat(bot, "de");
    await agent.send("Wohin liefern Sie?");
    const before = openai.requests.length;
    openai.script({ text: "In die EU." });
    expect((await agent.stream()).join("")).toBe("In die EU.");
    const system = (
      openai.requests[before]?.json?.messages as { role: string; content: string }[] | undefined
    )?.[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toMatch(
      /^You are a helpful assistant\.\n\nThe visitor's language is German \(de\): answer in German, unless the visitor writes in another language\.\n\nAnswer questions about the business only from the passages/,
    );
  });
});
