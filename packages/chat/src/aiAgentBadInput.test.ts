import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
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

// The AI agent over HTTP when its provider or its model misbehaves, or a tool points somewhere it must
// not: each time the visitor gets the fallback text or an answer, the result a log, and the chat goes on.

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
// A service on loopback (allowed) that redirects every request to the cloud metadata address (never allowed).
let redirector: LocalServer;
// A turn's AI calls stop a second before its budget: a stalled provider gives up after about 7 s.
const { chat } = createTestChat({
  turnTimeoutMs: 8_000,
  services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
});

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  redirector = await startLocalServer((_request, response) => {
    response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam/" });
    response.end();
  });
});
afterAll(async () => {
  await Promise.all([openai.close(), redirector.close()]);
});

async function publishAgent(
  options: Record<string, unknown>,
  sources: { name: string; text: string }[] = [],
) {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type: "openai",
    name: "openai",
    data: { apiKey, baseUrl: `${openai.origin}/v1` },
  });
  const base =
    sources.length > 0 ? await createIndexedKnowledgeBase(bot.workspaceId, credentials.id, sources) : null;
  await publishTestBotVersion(
    bot.botId,
    createAgentFlow({
      provider: "openai",
      credentialsId: credentials.id,
      knowledgeBaseIds: base ? [base.baseId] : [],
      ...options,
    }),
  );
  return bot;
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

async function startAgentChat(bot: { publicId: string; chatKey: string }, startBody: unknown = {}) {
  const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, startBody);
  expect(start.status).toBe(200);
  return {
    start,
    resultId: start.body.resultId as string,
    send: (message: string) =>
      call(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, { message }),
  };
}

const firstText = (body: { messages: { content: { richText: { children: { text: string }[] }[] } }[] }) =>
  body.messages[0]?.content.richText[0]?.children[0]?.text;

describe("AI agent with bad input, over HTTP", () => {
  it("answers the fallback text with a log when the provider stalls, and the next message is answered", async () => {
    const bot = await publishAgent({});
    const agent = await startAgentChat(bot);
    openai.script({ text: "This answer never ends", stallAfterEvents: 2 });
    const turn = await agent.send("Hello?");
    expect(turn.status).toBe(200);
    expect(firstText(turn.body)).toBe("Sorry, I don't know that.");
    expect(turn.body.input).toMatchObject({ id: "b-agent", type: "text input" });
    expect(await readResultLogs(agent.resultId)).toContainEqual({
      status: "error",
      description: "AI agent: the OpenAI request failed",
      details: "The provider's answer was cut off (it did not finish in time)",
    });
    openai.script({ text: "Sorry for the wait, how can I help?" });
    const next = await agent.send("Anyone there?");
    expect(next.status).toBe(200);
    expect(firstText(next.body)).toBe("Sorry for the wait, how can I help?");
  });

  it("answers the fallback text with a log when a tool call's arguments are not a JSON object", async () => {
    const bot = await publishAgent({}, [{ name: "Shipping", text: "We ship to the EU." }]);
    const agent = await startAgentChat(bot);
    for (const [index, malformed] of ['{"query": "ship', "[1, 2]"].entries()) {
      openai.script({ toolCalls: [{ id: `c${index}`, name: "search_knowledge", arguments: malformed }] });
      const turn = await agent.send(`Where do you ship? (${index + 1})`);
      expect(turn.status).toBe(200);
      expect(firstText(turn.body)).toBe("Sorry, I don't know that.");
      expect(turn.body.input).toMatchObject({ id: "b-agent" });
      expect(await readResultLogs(agent.resultId)).toContainEqual({
        status: "error",
        description: "AI agent: the OpenAI request failed",
        details: `The model called the tool "search_knowledge" with arguments that are not a JSON object: ${malformed}`,
      });
    }
    openai.script(
      { toolCalls: [{ id: "c3", name: "search_knowledge", arguments: '{"query":"ship"}' }] },
      { text: "We ship to the EU [1]." },
    );
    const next = await agent.send("Do you ship to Spain?");
    expect(firstText(next.body)).toBe("We ship to the EU [1].");
    expect(next.body.messages[0].sources).toEqual([expect.objectContaining({ name: "Shipping" })]);
  });

  it("tells the model a tool it called does not exist, logs it, and answers with its next step", async () => {
    const bot = await publishAgent({ tools: [{ id: "t-end", type: "endConversation" }] });
    const agent = await startAgentChat(bot);
    const before = openai.requests.length;
    openai.script(
      { toolCalls: [{ id: "c1", name: "launch_rocket", arguments: '{"target":"moon"}' }] },
      { text: "I can't do that, but I can answer your questions." },
    );
    const turn = await agent.send("Launch the rocket");
    expect(turn.status).toBe(200);
    expect(firstText(turn.body)).toBe("I can't do that, but I can answer your questions.");
    expect(turn.body.input).toMatchObject({ id: "b-agent" });
    const toolMessage = (
      (chatRequestsSince(openai, before)[1]?.json?.messages ?? []) as {
        role: string;
        content: string;
        tool_call_id?: string;
      }[]
    ).at(-1);
    expect(toolMessage).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: "There is no tool named launch_rocket.",
    });
    expect(await readResultLogs(agent.resultId)).toContainEqual({
      status: "error",
      description: "AI agent: the model called a tool that does not exist",
      details: "launch_rocket (its tools: end_conversation, talk_to_a_human)",
    });
  });

  it("refuses an HTTP tool's redirect to a private address, logs it and tells the model", async () => {
    const bot = await publishAgent({
      tools: [
        {
          id: "t-stock",
          type: "httpRequest",
          name: "check_stock",
          description: "Whether a product is in stock",
          parameters: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] },
          method: "GET",
          url: `${redirector.origin}/stock/{{sku}}`,
        },
      ],
    });
    const agent = await startAgentChat(bot);
    const before = openai.requests.length;
    const served = redirector.requests.length;
    openai.script(
      { toolCalls: [{ id: "c1", name: "check_stock", arguments: '{"sku":"KT-1"}' }] },
      { text: "I could not check the stock right now." },
    );
    const turn = await agent.send("Is the kettle in stock?");
    expect(firstText(turn.body)).toBe("I could not check the stock right now.");
    // The allowed service was called; the address it redirected to was not.
    expect(redirector.requests.slice(served).map((request) => request.url)).toEqual(["/stock/KT-1"]);
    const toolMessage = (
      (chatRequestsSince(openai, before)[1]?.json?.messages ?? []) as { role: string; content: string }[]
    ).at(-1);
    expect(toolMessage?.content).toMatch(/^The request failed: BLOCKED_ADDRESS: /);
    expect(await readResultLogs(agent.resultId)).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: 'AI agent: the HTTP tool "check_stock" failed',
        details: expect.stringMatching(/^BLOCKED_ADDRESS: .*169\.254\.169\.254/),
      }),
    );
  });

  it("answers a start message sent with startChat when the agent opens the flow without an opening message", async () => {
    const bot = await publishAgent({});
    openai.script({ text: "Hi Ada, how can I help?" });
    const agent = await startAgentChat(bot, { message: { type: "text", text: "Hi, I'm Ada" } });
    expect(firstText(agent.start.body)).toBe("Hi Ada, how can I help?");
    expect(agent.start.body.input).toMatchObject({ id: "b-agent", type: "text input" });
    const answers = await getPrisma().answer.findMany({
      where: { resultId: agent.resultId },
      select: { blockId: true, content: true },
    });
    expect(answers).toEqual([{ blockId: "b-agent", content: "Hi, I'm Ada" }]);
  });
});
