import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../../core/ports/createPortServices";
import {
  chatRequestsSince,
  createAgentFlow,
  createIndexedKnowledgeBase,
  readResultLogs,
} from "../../testing/aiAgentFixtures";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import {
  createWhatsAppBot,
  messagingOn,
  republish,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../../testing/whatsAppFixtures";

// An AI agent published on WhatsApp, its model a local server speaking OpenAI's protocol, its messages
// read as the local Cloud API server received them.

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
const prisma = getPrisma();
// A turn's AI calls stop a second before its budget: a stalled provider gives up after about 7 s.
const turnTimeoutMs = 8_000;
const channel = createChannelTestContext({
  apis: { whatsApp: true },
  chat: () => ({ turnTimeoutMs, services: createPortServices({ httpAllowList: ["127.0.0.1"] }) }),
});

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
});
afterAll(async () => {
  await openai.close();
});

/** A WhatsApp bot whose agent (`options` beyond the fixture's) talks to the local OpenAI server. */
async function publishWhatsAppAgent(
  options: Record<string, unknown>,
  sources: { name: string; text: string }[] = [],
) {
  const bot = await createWhatsAppBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(prisma, bot.workspaceId, {
    type: "openai",
    name: "openai",
    data: { apiKey, baseUrl: `${openai.origin}/v1` },
  });
  const base =
    sources.length > 0 ? await createIndexedKnowledgeBase(bot.workspaceId, credentials.id, sources) : null;
  await republish(bot.botId, {
    ...createAgentFlow({
      provider: "openai",
      credentialsId: credentials.id,
      knowledgeBaseIds: base ? [base.baseId] : [],
      ...options,
    }),
    settings: messagingOn(),
  });
  return bot;
}

/** Sends one text of `from` and returns the Cloud API calls the turn made (once its work is done). */
async function say(bot: { workspaceId: string; credentialsId: string }, from: string, body: string) {
  channel.graph.takeCalls();
  const response = await readResponse(
    await channel.chat(whatsAppWebhookRequest(bot, whatsAppNotification(from, textMessage(body)))),
  );
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  await channel.runtime.channels.work.idle();
  return channel.graph.takeCalls();
}

const resultOf = (botId: string) => prisma.result.findFirstOrThrow({ where: { botId } });

describe("AI agent on WhatsApp", () => {
  it("answers from the knowledge base with its sources as a numbered list, then follows a path's tool", async () => {
    const bot = await publishWhatsAppAgent({}, [
      { name: "Returns policy", text: "Shoes can be returned within 30 days of delivery, free of charge." },
      { name: "Shipping", text: "Orders ship within 2 days; delivery takes 3 to 5 days in the EU." },
    ]);
    const visitor = "33600000201";
    const before = openai.requests.length;
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"return delivery"}' }] },
      { text: "Returns are free for 30 days [2]; delivery takes 3 to 5 days [1]." },
    );
    // The visitor's first message starts the chat and is the agent's question (no opening message).
    const answered = await say(bot, visitor, "Returns and delivery?");
    // The answer cites the source shown to the model as [2] first: it is the list's 1, its marker rewritten.
    const toolMessage = (
      (chatRequestsSince(openai, before)[1]?.json?.messages ?? []) as { role: string; content: string }[]
    ).find((message) => message.role === "tool");
    const shownAs = (name: string) => toolMessage?.content.match(new RegExp(`\\[(\\d)\\] ${name}`))?.[1];
    const [firstCited, secondCited] =
      shownAs("Shipping") === "2" ? ["Shipping", "Returns policy"] : ["Returns policy", "Shipping"];
    expect(answered).toEqual([
      textSend(
        visitor,
        `Returns are free for 30 days [1]; delivery takes 3 to 5 days [2].\n\n*Sources:*\n1. ${firstCited}\n2. ${secondCited}`,
      ),
    ]);
    const result = await resultOf(bot.botId);
    expect(result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Sources", value: [firstCited, secondCited] }),
      ]),
    );

    // A tool the author drew as a path takes the flow to its group, whose text follows the agent's words.
    openai.script({
      text: "Let me find someone.",
      toolCalls: [{ id: "c2", name: "talk_to_a_human", arguments: "{}" }],
    });
    expect(await say(bot, visitor, "I want to talk to a person")).toEqual([
      textSend(visitor, "Let me find someone."),
      textSend(visitor, "A person will take over"),
    ]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("sends the fallback text with a result log when the provider stalls, and answers the next message", async () => {
    const bot = await publishWhatsAppAgent({});
    const visitor = "33600000202";
    openai.script({ text: "This answer never ends", stallAfterEvents: 2 });
    expect(await say(bot, visitor, "Hello?")).toEqual([textSend(visitor, "Sorry, I don't know that.")]);
    const result = await resultOf(bot.botId);
    expect(await readResultLogs(result.id)).toContainEqual({
      status: "error",
      description: "AI agent: the OpenAI request failed",
      details: "The provider's answer was cut off (it did not finish in time)",
    });
    // The chat is not stuck: the next message reaches the model and its answer is sent.
    openai.script({ text: "Hello, how can I help?" });
    expect(await say(bot, visitor, "Anyone there?")).toEqual([textSend(visitor, "Hello, how can I help?")]);
  });

  it("sends the fallback text with a result log when the model's tool call is not JSON, and answers the next message", async () => {
    const bot = await publishWhatsAppAgent({}, [{ name: "Shipping", text: "We ship to the EU." }]);
    const visitor = "33600000203";
    openai.script({
      toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query": "ship' }],
    });
    expect(await say(bot, visitor, "Where do you ship?")).toEqual([
      textSend(visitor, "Sorry, I don't know that."),
    ]);
    const result = await resultOf(bot.botId);
    expect(await readResultLogs(result.id)).toContainEqual({
      status: "error",
      description: "AI agent: the OpenAI request failed",
      details: `The model called the tool "search_knowledge" with arguments that are not a JSON object: {"query": "ship`,
    });
    openai.script(
      { toolCalls: [{ id: "c2", name: "search_knowledge", arguments: '{"query":"ship"}' }] },
      { text: "We ship to the EU [1]." },
    );
    expect(await say(bot, visitor, "Where do you ship?")).toEqual([
      textSend(visitor, "We ship to the EU [1].\n\n*Sources:*\n1. Shipping"),
    ]);
  });
});
