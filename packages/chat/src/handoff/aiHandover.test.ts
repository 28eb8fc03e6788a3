import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { chatRequestsSince } from "../testing/aiAgentFixtures";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "../testing/chatFixtures";
import { createTestWebhook } from "../testing/createTestWebhook";
import type { TestFlow } from "../testing/testFlow";
import { group, startEdge, startEvent, text, textOf } from "../testing/testFlows";

// An AI agent's "hand over to a human" path over the real provider protocols: the tool the model is offered
// (its required summary), the model's call, and the inbox conversation the path's Talk to a human block opens.

const prisma = getPrisma();
const apiKey = createTestApiKey();
let openai: FakeProviderServer;
let anthropic: FakeProviderServer;
const { chat } = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) });

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  anthropic = await startFakeAnthropicServer(apiKey);
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
});

const summary = "Ada's shoes (order A-42) arrived damaged. She wants a refund, not a replacement.";

/** The agent (its hand-over path, summary in Summary) → "Let me find a person", then the Talk to a human block. */
const handoverFlow = (agentOptions: Record<string, unknown>): TestFlow => ({
  events: [startEvent],
  groups: [
    group("g-agent", [
      {
        id: "b-agent",
        type: "AI agent",
        items: [
          { id: "i-human", isHumanHandover: true, summaryVariableId: "v-summary", outgoingEdgeId: "e-human" },
        ],
        options: { model: "model-agent", instructions: "You are Acme's support agent.", ...agentOptions },
      },
    ]),
    group(
      "g-human",
      [
        text("b-bridge", "Let me find a person"),
        {
          id: "b-handoff",
          type: "Human handoff",
          items: [{ id: "i-fallback", path: "fallback" }],
          options: {},
        },
      ],
      { x: 300 },
    ),
  ],
  edges: [
    startEdge("g-agent"),
    { id: "e-human", from: { blockId: "b-agent", itemId: "i-human" }, to: { groupId: "g-human" } },
  ],
  variables: [{ id: "v-summary", name: "Summary" }],
});

async function publishHandover(provider: { type: "openai" | "anthropic"; server: FakeProviderServer }) {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(prisma, bot.workspaceId, {
    type: provider.type,
    name: provider.type,
    data: {
      apiKey,
      baseUrl: provider.type === "anthropic" ? provider.server.origin : `${provider.server.origin}/v1`,
    },
  });
  await publishTestBotVersion(
    bot.botId,
    handoverFlow({ provider: provider.type, credentialsId: credentials.id }),
  );
  return bot;
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

async function startChat(bot: { publicId: string; chatKey: string }) {
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, {});
  expect(start.status).toBe(200);
  const sessionId: string = start.body.sessionId;
  return {
    sessionId,
    resultId: start.body.resultId as string,
    send: (message: string) => call(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message }),
  };
}

describe("AI agent: hand over to a human", () => {
  it("offers a tool whose summary is required; the model's summary goes to the conversation, its variable and the waiting webhook", async () => {
    const bot = await publishHandover({ type: "openai", server: openai });
    await createTestWebhook(bot.botId, "https://hooks.example.com/inbox", ["conversation.waiting"]);
    const visitor = await startChat(bot);
    const before = openai.requests.length;
    openai.script({
      text: "I'll get you a person.",
      toolCalls: [{ id: "call_1", name: "hand_over_to_human", arguments: JSON.stringify({ summary }) }],
    });
    const turn = await visitor.send("My shoes arrived damaged, I want a person");
    expect(turn.status).toBe(200);
    // The tool as the provider received it: its name, and `summary` a required string parameter.
    const [sent] = chatRequestsSince(openai, before);
    const bytes = sent?.raw.toString("utf8") ?? "";
    expect(bytes).toContain('"name":"hand_over_to_human"');
    expect(bytes).toContain('"required":["summary"]');
    const tools = (sent?.json?.tools ?? []) as { type: string; function: Record<string, unknown> }[];
    expect(tools).toEqual([
      {
        type: "function",
        function: {
          name: "hand_over_to_human",
          description: expect.stringContaining("Hands the conversation over to a person"),
          parameters: {
            type: "object",
            properties: { summary: { type: "string", description: expect.stringContaining("summary") } },
            required: ["summary"],
          },
        },
      },
    ]);
    // The visitor: the agent's words, the path's text, then the waiting message.
    expect(turn.body.messages.map(textOf)).toEqual([
      "I'll get you a person.",
      "Let me find a person",
      "Thanks! A member of our team will be with you shortly.You are number 1 in the queue.",
    ]);
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { sessionId: visitor.sessionId },
    });
    expect(conversation).toMatchObject({
      blockId: "b-handoff",
      status: "waiting",
      summary,
      queuePosition: 1,
    });
    const result = await prisma.result.findUniqueOrThrow({ where: { id: visitor.resultId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Summary", value: summary })]),
    );
    // The waiting event's body, built by the turn's write: the conversation with its summary.
    const event = await prisma.webhookEvent.findFirstOrThrow({
      where: { botId: bot.botId, event: "conversation.waiting" },
    });
    expect(JSON.parse(event.payload ?? "{}").conversation).toMatchObject({ id: conversation.id, summary });
  });

  it("a call without a summary is sent back to the model, which calls again with one", async () => {
    const bot = await publishHandover({ type: "openai", server: openai });
    const visitor = await startChat(bot);
    const before = openai.requests.length;
    openai.script(
      { toolCalls: [{ id: "call_1", name: "hand_over_to_human", arguments: "{}" }] },
      {
        toolCalls: [
          {
            id: "call_2",
            name: "hand_over_to_human",
            arguments: JSON.stringify({ summary: `  ${summary}\u0000 ` }),
          },
        ],
      },
    );
    const turn = await visitor.send("A person, please");
    expect(turn.status).toBe(200);
    const requests = chatRequestsSince(openai, before);
    expect(requests).toHaveLength(2);
    const messages = (requests[1]?.json?.messages ?? []) as {
      role: string;
      content?: string;
      tool_call_id?: string;
    }[];
    expect(messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_1",
      content: "The summary is required: call again with a summary of the conversation.",
    });
    // Stored as text PostgreSQL keeps: trimmed, the NUL removed.
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { sessionId: visitor.sessionId },
    });
    expect(conversation.summary).toBe(summary);
  });

  it("speaks Anthropic's Messages API the same way: the tool's input schema requires the summary", async () => {
    const bot = await publishHandover({ type: "anthropic", server: anthropic });
    const visitor = await startChat(bot);
    const before = anthropic.requests.length;
    anthropic.script({
      toolCalls: [{ id: "toolu_1", name: "hand_over_to_human", arguments: JSON.stringify({ summary }) }],
    });
    expect((await visitor.send("I need a human")).status).toBe(200);
    const [sent] = chatRequestsSince(anthropic, before);
    expect(sent?.json?.tools).toEqual([
      {
        name: "hand_over_to_human",
        description: expect.any(String),
        input_schema: {
          type: "object",
          properties: { summary: { type: "string", description: expect.any(String) } },
          required: ["summary"],
        },
      },
    ]);
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { sessionId: visitor.sessionId },
    });
    expect(conversation.summary).toBe(summary);
  });
});
