import { getPrisma, observeStatements } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "./core/ports/createPortServices";
import {
  chatRequestsSince,
  createAgentFlow,
  createIndexedKnowledgeBase,
  readResultLogs,
} from "./testing/aiAgentFixtures";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "./testing/chatFixtures";
import { createChannelTestContext } from "./testing/createChannelTestContext";
import {
  createTelegramBot,
  telegramCommandUpdate,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "./testing/telegramFixtures";
import { messagingOn } from "./testing/whatsAppFixtures";

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
let anthropic: FakeProviderServer;
let orders: LocalServer;
const { chat } = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) });
const channel = createChannelTestContext({
  apis: { telegram: true },
  chat: () => ({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) }),
});

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  anthropic = await startFakeAnthropicServer(apiKey);
  orders = await startLocalServer((request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ order: { id: request.url?.split("/").at(-1), status: "shipped" } }));
  });
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close(), orders.close()]);
});

type AgentOptions = Record<string, unknown>;

/** A published agent bot whose credentials of `type` point at `server`; `options` may name `{{credentials}}`. */
async function publishAgent(
  options: AgentOptions,
  provider: { type: "openai" | "anthropic"; server: FakeProviderServer } = { type: "openai", server: openai },
) {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type: provider.type,
    name: provider.type,
    data: {
      apiKey,
      baseUrl: provider.type === "anthropic" ? provider.server.origin : `${provider.server.origin}/v1`,
    },
  });
  const resolved =
    typeof options.knowledge === "function" ? await options.knowledge(bot.workspaceId, credentials.id) : [];
  const { knowledge: _knowledge, ...rest } = options;
  await publishTestBotVersion(
    bot.botId,
    createAgentFlow({
      provider: provider.type,
      credentialsId: credentials.id,
      knowledgeBaseIds: resolved,
      ...rest,
    }),
  );
  return bot;
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

async function startAgentChat(bot: { publicId: string; chatKey: string }) {
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, {});
  expect(start.status).toBe(200);
  return {
    start,
    send: (message: string) =>
      call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, { message }),
  };
}

describe("AI agent over HTTP", () => {
  it("searches its knowledge base, answers with the sources it cites, saves the reply and keeps the turn", async () => {
    let sourceId = "";
    const bot = await publishAgent({
      openingMessage: "Hi! Ask me about returns.",
      knowledge: async (workspaceId: string, credentialsId: string) => {
        const base = await createIndexedKnowledgeBase(workspaceId, credentialsId, [
          {
            name: "Returns policy",
            text: "# Returns\n\nShoes can be returned within 30 days of delivery, free of charge.",
          },
        ]);
        sourceId = base.sourceIds[0] ?? "";
        return [base.baseId];
      },
    });
    const agent = await startAgentChat(bot);
    expect(agent.start.body.messages).toEqual([
      {
        id: "b-agent",
        type: "text",
        content: {
          type: "richText",
          richText: [{ type: "p", children: [{ text: "Hi! Ask me about returns." }] }],
        },
      },
    ]);
    expect(agent.start.body.input).toMatchObject({ id: "b-agent", type: "text input" });
    const before = openai.requests.length;
    openai.script(
      { toolCalls: [{ id: "call_1", name: "search_knowledge", arguments: '{"query":"return shoes"}' }] },
      { text: "You can return shoes within 30 days, for free [1]." },
    );
    const turn = await agent.send("Can I return my shoes?");
    expect(turn.status).toBe(200);
    expect(turn.body.messages).toEqual([
      {
        id: "b-agent",
        type: "text",
        content: {
          type: "richText",
          richText: [
            { type: "p", children: [{ text: "You can return shoes within 30 days, for free [1]." }] },
          ],
        },
        sources: [{ id: sourceId, name: "Returns policy" }],
      },
    ]);
    expect(turn.body.input).toMatchObject({ id: "b-agent", type: "text input" });
    // What the model received: the tools, then the passage under its source's number, with the call's id.
    const [first, second] = chatRequestsSince(openai, before);
    const offered = ((first?.json?.tools ?? []) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(offered).toEqual(["search_knowledge", "no_answer", "talk_to_a_human"]);
    const toolMessage = (
      (second?.json?.messages ?? []) as { role: string; content: string; tool_call_id?: string }[]
    ).at(-1);
    expect(toolMessage).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(toolMessage?.content).toContain("[1] Returns policy > Returns");
    expect(toolMessage?.content).toContain("returned within 30 days");
    // The result: the visitor's message as the block's answer, the reply and the sources in their variables.
    const resultId = agent.start.body.resultId as string;
    const answers = await getPrisma().answer.findMany({
      where: { resultId },
      select: { blockId: true, content: true },
    });
    expect(answers).toEqual([{ blockId: "b-agent", content: "Can I return my shoes?" }]);
    const result = await getPrisma().result.findUniqueOrThrow({ where: { id: resultId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "Reply",
          value: "You can return shoes within 30 days, for free [1].",
        }),
        expect.objectContaining({ name: "Sources", value: ["Returns policy"] }),
      ]),
    );
    const answerLog = (await readResultLogs(resultId)).find((log) =>
      log.description.startsWith("AI agent answered"),
    );
    expect(answerLog?.description).toBe("AI agent answered from 1 source: [1] Returns policy");
    // What the result's transcript reads back: the visitor's message it answers, the answer, its sources.
    expect(JSON.parse(answerLog?.details ?? "")).toEqual({
      answerIndex: 0,
      answer: "You can return shoes within 30 days, for free [1].",
      sources: [{ id: sourceId, name: "Returns policy" }],
    });
    // The next message carries the conversation so far.
    openai.script({ text: "You're welcome!" });
    const next = await agent.send("Thanks");
    expect(next.body.messages[0]).not.toHaveProperty("sources");
    const messages = chatRequestsSince(openai, before).at(-1)?.json?.messages as {
      role: string;
      content: string;
    }[];
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ["system", expect.stringContaining("You are Acme's support agent.")],
      ["assistant", "Hi! Ask me about returns."],
      ["user", "Can I return my shoes?"],
      ["assistant", "You can return shoes within 30 days, for free [1]."],
      ["user", "Thanks"],
    ]);
  });

  it("answers the fallback text when the model says the knowledge has no answer", async () => {
    const bot = await publishAgent({
      knowledge: async (workspaceId: string, credentialsId: string) => [
        (
          await createIndexedKnowledgeBase(workspaceId, credentialsId, [
            { name: "Shipping", text: "We ship to the EU." },
          ])
        ).baseId,
      ],
    });
    const agent = await startAgentChat(bot);
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"opening hours"}' }] },
      { toolCalls: [{ id: "c2", name: "no_answer", arguments: "{}" }] },
    );
    const turn = await agent.send("When does your shop in Lyon open?");
    expect(
      turn.body.messages.map((message: { content: { richText: unknown } }) => message.content.richText),
    ).toEqual([[{ type: "p", children: [{ text: "Sorry, I don't know that." }] }]]);
    expect(turn.body.messages[0]).not.toHaveProperty("sources");
    expect(turn.body.input).toMatchObject({ id: "b-agent" });
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "info",
        description: "AI agent: the knowledge base has no answer to the question",
      }),
    );
  });

  it("follows a path's edge when the model calls its tool", async () => {
    const bot = await publishAgent({});
    const agent = await startAgentChat(bot);
    expect(agent.start.body.messages).toEqual([]);
    openai.script({
      text: "Let me find someone.",
      toolCalls: [{ id: "c1", name: "talk_to_a_human", arguments: "{}" }],
    });
    const turn = await agent.send("I want to talk to a person");
    const texts = turn.body.messages.map(
      (message: { content: { richText: { children: { text: string }[] }[] } }) =>
        message.content.richText[0]?.children[0]?.text,
    );
    expect(texts).toEqual(["Let me find someone.", "A person will take over"]);
    expect(turn.body.input).toBeUndefined();
  });

  it("ends the conversation when the model calls end_conversation", async () => {
    const bot = await publishAgent({ tools: [{ id: "t-end", type: "endConversation" }] });
    const agent = await startAgentChat(bot);
    openai.script({ text: "Goodbye!", toolCalls: [{ id: "c1", name: "end_conversation", arguments: "{}" }] });
    const turn = await agent.send("That's all, bye");
    expect(turn.body.messages).toHaveLength(1);
    expect(turn.body.input).toBeUndefined();
    const after = await agent.send("Hello again?");
    expect(after.status).toBe(400);
  });

  it("stops at maxSteps with the fallback text and a log", async () => {
    const bot = await publishAgent({
      maxSteps: 2,
      tools: [{ id: "t-email", type: "setVariable", name: "save_email", variableId: "v-email" }],
    });
    const agent = await startAgentChat(bot);
    openai.script(
      { toolCalls: [{ id: "c1", name: "save_email", arguments: '{"value":"ada@example.com"}' }] },
      { toolCalls: [{ id: "c2", name: "save_email", arguments: '{"value":"ada@example.org"}' }] },
    );
    const turn = await agent.send("My e-mail is ada@example.com");
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Sorry, I don't know that.");
    expect(turn.body.input).toMatchObject({ id: "b-agent" });
    const resultId = agent.start.body.resultId as string;
    expect(await readResultLogs(resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "AI agent stopped after 2 steps (its maximum) without an answer",
      }),
    );
    const result = await getPrisma().result.findUniqueOrThrow({ where: { id: resultId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Email", value: "ada@example.org" })]),
    );
  });

  it("stops when a message spends more tokens than its budget, with the fallback text and a log", async () => {
    const bot = await publishAgent({
      maxTokensPerTurn: 100,
      tools: [{ id: "t-email", type: "setVariable", name: "save_email", variableId: "v-email" }],
    });
    const agent = await startAgentChat(bot);
    openai.script(
      { toolCalls: [{ id: "c1", name: "save_email", arguments: '{"value":"ada@example.com"}' }] },
      { text: "Answered at the next message" },
    );
    const before = openai.requests.length;
    const turn = await agent.send(
      `My e-mail is ada@example.com. ${"Please read this long message. ".repeat(30)}`,
    );
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Sorry, I don't know that.");
    expect(chatRequestsSince(openai, before)).toHaveLength(1);
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: expect.stringMatching(
          /^AI agent stopped: this message used \d+ tokens, over its budget of 100$/,
        ),
      }),
    );
    // The chat goes on: the next message is answered (by the reply the stopped turn never asked for).
    expect((await agent.send("Hello?")).body.messages[0].content.richText[0].children[0].text).toBe(
      "Answered at the next message",
    );
  });

  it("answers the fallback text with a log when the provider refuses the tool request", async () => {
    const bot = await publishAgent({});
    const agent = await startAgentChat(bot);
    openai.script({ httpError: { status: 400, message: "This model does not support tools" } });
    const turn = await agent.send("Hello");
    expect(turn.status).toBe(200);
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Sorry, I don't know that.");
    expect(turn.body.input).toMatchObject({ id: "b-agent" });
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "AI agent: the OpenAI request failed",
        details: expect.stringContaining("This model does not support tools"),
      }),
    );
    // The chat is not stuck: the next message is answered.
    openai.script({ text: "Hello again" });
    expect((await agent.send("Hello?")).body.messages[0].content.richText[0].children[0].text).toBe(
      "Hello again",
    );
  });

  it("calls an HTTP tool through the outbound rules: a local service answers, a private address is refused", async () => {
    const httpTool = (name: string, url: string) => ({
      id: `t-${name}`,
      type: "httpRequest",
      name,
      description: "The status of an order",
      parameters: { type: "object", properties: { orderId: { type: "string" } }, required: ["orderId"] },
      method: "GET",
      url,
      responsePath: "order.status",
    });
    const bot = await publishAgent({
      tools: [
        httpTool("track_order", `${orders.origin}/orders/{{orderId}}`),
        httpTool("internal_order", "http://10.20.30.40/orders/{{orderId}}"),
      ],
    });
    const agent = await startAgentChat(bot);
    const before = openai.requests.length;
    openai.script(
      {
        toolCalls: [
          { id: "c1", name: "track_order", arguments: '{"orderId":"A 17"}' },
          { id: "c2", name: "internal_order", arguments: '{"orderId":"A17"}' },
        ],
      },
      { text: "Your order has shipped." },
    );
    const turn = await agent.send("Where is order A 17?");
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Your order has shipped.");
    expect(orders.requests.at(-1)?.url).toBe("/orders/A%2017");
    const toolMessages = (
      (chatRequestsSince(openai, before)[1]?.json?.messages ?? []) as { role: string; content: string }[]
    ).filter((message) => message.role === "tool");
    expect(toolMessages[0]?.content).toBe("shipped");
    expect(toolMessages[1]?.content).toMatch(/^The request failed: BLOCKED_ADDRESS/);
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: 'AI agent: the HTTP tool "internal_order" failed',
      }),
    );
  });

  it("ignores knowledge bases of another workspace, with a log", async () => {
    const other = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
    const otherCredentials = await createWorkspaceCredentials(getPrisma(), other.workspaceId, {
      type: "openai",
      name: "openai",
      data: { apiKey, baseUrl: `${openai.origin}/v1` },
    });
    const foreign = await createIndexedKnowledgeBase(other.workspaceId, otherCredentials.id, [
      { name: "Secret prices", text: "Our secret wholesale price is 3 euros." },
    ]);
    const bot = await publishAgent({ knowledge: async () => [foreign.baseId] });
    const agent = await startAgentChat(bot);
    const before = openai.requests.length;
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"wholesale price"}' }] },
      { toolCalls: [{ id: "c2", name: "no_answer", arguments: "{}" }] },
    );
    const turn = await agent.send("What is the wholesale price?");
    expect(turn.body.messages[0]).not.toHaveProperty("sources");
    const sent = chatRequestsSince(openai, before);
    const toolMessage = ((sent[1]?.json?.messages ?? []) as { role: string; content: string }[]).at(-1);
    expect(toolMessage).toMatchObject({ role: "tool", content: "No passage matches this query." });
    expect(JSON.stringify(sent.map((request) => request.json))).not.toContain("wholesale price is");
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        description: "AI agent: knowledge bases not found in this workspace were ignored",
        details: foreign.baseId,
      }),
    );
  });

  it("gives the same clear errors when its credentials or its knowledge base's are deleted between two messages", async () => {
    const prisma = getPrisma();
    let modelCredentialsId = "";
    let embeddingsCredentialsId = "";
    const bot = await publishAgent({
      knowledge: async (workspaceId: string, credentialsId: string) => {
        modelCredentialsId = credentialsId;
        const embeddings = await createWorkspaceCredentials(prisma, workspaceId, {
          type: "openai",
          name: "embeddings",
          data: { apiKey, baseUrl: `${openai.origin}/v1` },
        });
        embeddingsCredentialsId = embeddings.id;
        const base = await createIndexedKnowledgeBase(workspaceId, embeddings.id, [
          { name: "Returns policy", text: "Shoes can be returned within 30 days." },
        ]);
        return [base.baseId];
      },
    });
    const agent = await startAgentChat(bot);
    // The session now names both credentials (read with it at the next message): they are deleted first.
    await prisma.credentials.delete({ where: { id: embeddingsCredentialsId } });
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"returns"}' }] },
      { toolCalls: [{ id: "c2", name: "no_answer", arguments: "{}" }] },
    );
    const searched = await agent.send("Can I return shoes?");
    expect(searched.body.messages[0].content.richText[0].children[0].text).toBe("Sorry, I don't know that.");
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: 'AI agent: the knowledge base "Help centre" could not be searched',
        // Deleting credentials clears the base's choice of them.
        details: "The knowledge base has no AI credentials: choose some in its settings",
      }),
    );
    await prisma.credentials.delete({ where: { id: modelCredentialsId } });
    const before = openai.requests.length;
    const turn = await agent.send("Hello?");
    expect(turn.status).toBe(200);
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Sorry, I don't know that.");
    expect(chatRequestsSince(openai, before)).toHaveLength(0);
    expect(await readResultLogs(agent.start.body.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "AI agent could not reach its model",
        details: `Credentials "${modelCredentialsId}" do not exist in this workspace`,
      }),
    );
  });

  it("runs over Anthropic's Messages API with the same tools", async () => {
    const bot = await publishAgent(
      { tools: [{ id: "t-end", type: "endConversation" }] },
      { type: "anthropic", server: anthropic },
    );
    const agent = await startAgentChat(bot);
    const before = anthropic.requests.length;
    anthropic.script({
      text: "Bye now.",
      toolCalls: [{ id: "toolu_1", name: "end_conversation", arguments: "{}" }],
    });
    const turn = await agent.send("Bye");
    expect(turn.body.messages[0].content.richText[0].children[0].text).toBe("Bye now.");
    expect(turn.body.input).toBeUndefined();
    const sent = chatRequestsSince(anthropic, before)[0]?.json;
    expect(sent?.system).toContain("You are Acme's support agent.");
    expect(((sent?.tools ?? []) as { name: string }[]).map((tool) => tool.name)).toEqual([
      "end_conversation",
      "talk_to_a_human",
    ]);
  });
});

describe("AI agent in a bot with several languages", () => {
  /** The agent bot in English, French and Brazilian Portuguese, its credentials of `type` at `server`. */
  async function publishBilingualAgent(provider: {
    type: "openai" | "anthropic";
    server: FakeProviderServer;
  }) {
    const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
    const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
      type: provider.type,
      name: provider.type,
      data: {
        apiKey,
        baseUrl: provider.type === "anthropic" ? provider.server.origin : `${provider.server.origin}/v1`,
      },
    });
    await publishTestBotVersion(bot.botId, {
      ...createAgentFlow({ provider: provider.type, credentialsId: credentials.id }),
      settings: { languages: { defaultLanguage: "en", languages: ["fr", "pt-BR"] } },
    });
    return bot;
  }

  it("tells the model the visitor's language after the author's instructions (OpenAI's system message)", async () => {
    const bot = await publishBilingualAgent({ type: "openai", server: openai });
    const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, { language: "fr" });
    expect(start.body.language).toBe("fr");
    const before = openai.requests.length;
    openai.script({ text: "Bonjour ! Que puis-je faire pour vous ?" });
    const turn = await call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
      message: "Bonjour",
    });
    expect(turn.status).toBe(200);
    const messages = chatRequestsSince(openai, before)[0]?.json?.messages as {
      role: string;
      content: string;
    }[];
    expect(messages[0]).toEqual({
      role: "system",
      content:
        "You are Acme's support agent.\n\nThe visitor's language is French (fr): answer in French, unless the visitor writes in another language.",
    });
  });

  it("names the language the browser chose, over Anthropic's Messages API (its system field)", async () => {
    const bot = await publishBilingualAgent({ type: "anthropic", server: anthropic });
    const start = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: {},
          headers: { "accept-language": "pt-BR,pt;q=0.9,en;q=0.5" },
        }),
      ),
    );
    expect(start.body.language).toBe("pt-BR");
    const before = anthropic.requests.length;
    anthropic.script({ text: "Olá!" });
    await call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, { message: "Olá" });
    expect(chatRequestsSince(anthropic, before)[0]?.json?.system).toBe(
      "You are Acme's support agent.\n\nThe visitor's language is Brazilian Portuguese (pt-BR): answer in Brazilian Portuguese, unless the visitor writes in another language.",
    );
  });

  it("leaves a one-language bot's instructions as written", async () => {
    const bot = await publishAgent({});
    const agent = await startAgentChat(bot);
    const before = openai.requests.length;
    openai.script({ text: "Hello!" });
    await agent.send("Hi");
    const messages = chatRequestsSince(openai, before)[0]?.json?.messages as {
      role: string;
      content: string;
    }[];
    expect(messages[0]).toEqual({ role: "system", content: "You are Acme's support agent." });
  });
});

describe("AI agent on Telegram", () => {
  it("sends the answer with its sources as a numbered list, and waits for the next message without a prompt", async () => {
    const bot = await createTelegramBot({ events: [], groups: [], edges: [], variables: [] });
    const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
      type: "openai",
      name: "openai",
      data: { apiKey, baseUrl: `${openai.origin}/v1` },
    });
    const base = await createIndexedKnowledgeBase(bot.workspaceId, credentials.id, [
      { name: "Returns policy", text: "Shoes can be returned within 30 days of delivery, free of charge." },
      { name: "Shipping", text: "Orders ship within 2 days; delivery takes 3 to 5 days in the EU." },
    ]);
    await publishTestBotVersion(bot.botId, {
      ...createAgentFlow({
        provider: "openai",
        credentialsId: credentials.id,
        knowledgeBaseIds: [base.baseId],
        openingMessage: "Hello! Ask me anything.",
      }),
      settings: messagingOn(),
    });
    const chatId = 5553001;
    const send = async (update: unknown) => {
      channel.botApi.takeCalls();
      const response = await readResponse(await channel.chat(telegramWebhookRequest(bot, update)));
      expect(response.status).toBe(200);
      await channel.runtime.channels.work.idle();
      return channel.botApi.takeCalls().map((call) => (call.body as { text?: string }).text);
    };
    expect(await send(telegramCommandUpdate(chatId, "/start"))).toEqual(["Hello! Ask me anything."]);
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"return delivery"}' }] },
      { text: "Returns are free for 30 days [2]; delivery takes 3 to 5 days [1]." },
    );
    const statements: string[] = [];
    const stop = observeStatements((statement) => statements.push(statement));
    const [answer, ...rest] = await send(telegramTextUpdate(chatId, "Returns and delivery?"));
    stop();
    expect(rest).toEqual([]);
    // The agent's credentials and knowledge base are read with the conversation's session, not apart: the one
    // credentials read left is the Telegram bot's token, to send the answer. (The turn's write names the table too,
    // for a handoff's channel: not a read of its own.)
    const reads = statements.filter((statement) => !statement.includes('UPDATE "ChatSession"'));
    expect(reads.filter((statement) => /FROM "MessagingConversation"/.test(statement))).toEqual([
      expect.stringMatching(/FROM "KnowledgeBase" kb/),
    ]);
    expect(statements.filter((statement) => /FROM "public"\."Credentials"/.test(statement))).toHaveLength(1);
    expect(
      statements.filter((statement) => /^SELECT json_build_object\(\s+'id', kb\.id/.test(statement)),
    ).toEqual([]);
    // The markers are renumbered in the order the answer cites its sources, as the list is: the source the
    // model saw as [2] is cited first, so it is the list's 1.
    expect(answer).toContain("Returns are free for 30 days [1]; delivery takes 3 to 5 days [2].");
    const toolMessage = (
      (openai.requests.at(-1)?.json?.messages ?? []) as { role: string; content: string }[]
    ).find((message) => message.role === "tool");
    const shownAs = (name: string) => toolMessage?.content.match(new RegExp(`\\[(\\d)\\] ${name}`))?.[1];
    const [firstCited, secondCited] =
      shownAs("Shipping") === "2" ? ["Shipping", "Returns policy"] : ["Returns policy", "Shipping"];
    expect(shownAs(firstCited ?? "")).toBe("2");
    expect(answer).toMatch(new RegExp(`Sources:(</b>)?\\n1\\. ${firstCited}\\n2\\. ${secondCited}$`));
  });
});
