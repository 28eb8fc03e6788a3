import { getPrisma } from "@parley/db";
import { AI_AGENT_STEP_LOG } from "@parley/engine";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "@parley/integrations/testing/startLocalServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "./core/ports/createPortServices";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  publishTestBotVersion,
  readResponse,
} from "./testing/chatFixtures";
import { toBotDocument } from "./testing/seedPublishedBot";
import type { TestFlow } from "./testing/testFlow";
import { group, startEdge, startEvent } from "./testing/testFlows";

// The builder's preview lists each step of an agent's turn from the step logs its responses carry; a
// published chat never carries them.

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
let orders: LocalServer;
const { chat } = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) });

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  orders = await startLocalServer((request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ order: { id: request.url?.split("/").at(-1), status: "shipped" } }));
  });
});
afterAll(() => Promise.all([openai.close(), orders.close()]));

const agentFlow = (credentialsId: string): TestFlow => ({
  events: [startEvent],
  groups: [
    group("g-agent", [
      {
        id: "b-agent",
        type: "AI agent",
        items: [],
        options: {
          provider: "openai",
          credentialsId,
          model: "model-agent",
          tools: [
            {
              id: "t-order",
              type: "httpRequest",
              name: "track_order",
              parameters: { type: "object", properties: { orderId: { type: "string" } } },
              url: `${orders.origin}/orders/{{orderId}}`,
              responsePath: "order.status",
            },
          ],
        },
      },
    ]),
  ],
  edges: [startEdge("g-agent")],
  variables: [],
});

/** A bot whose draft and published version hold the agent. */
async function createAgentBot() {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type: "openai",
    name: "openai",
    data: { apiKey, baseUrl: `${openai.origin}/v1` },
  });
  const flow = agentFlow(credentials.id);
  await publishTestBotVersion(bot.botId, flow);
  await getPrisma().bot.update({
    where: { id: bot.botId },
    data: { ...toBotDocument(flow), updatedAt: new Date() },
  });
  return bot;
}

const scriptOrderTurn = () =>
  openai.script(
    {
      text: "Let me check.",
      toolCalls: [{ id: "c1", name: "track_order", arguments: '{"orderId":"A-17"}' }],
    },
    { text: "Order A-17 has shipped." },
  );

const stepLogsOf = (logs: { description: string; details?: string }[]) =>
  logs.filter((log) => log.description === AI_AGENT_STEP_LOG).map((log) => JSON.parse(log.details ?? "null"));

describe("AI agent steps in the preview", () => {
  it("answers a preview's message with each step of the turn as a log, in order", async () => {
    const bot = await createAgentBot();
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const start = readResponse(
      await chat(chatRequest(`/bots/${bot.botId}/preview/startChat`, { token: member.token, body: {} })),
    );
    const started = await start;
    expect(started.status).toBe(200);
    scriptOrderTurn();
    const turn = await readResponse(
      await chat(
        chatRequest(`/sessions/${started.body.sessionId}/continueChat`, {
          token: member.token,
          body: { message: "Where is my order A-17?" },
        }),
      ),
    );
    expect(turn.status).toBe(200);
    expect(stepLogsOf(turn.body.logs)).toEqual([
      { type: "modelText", step: 1, text: "Let me check." },
      { type: "toolCall", step: 1, name: "track_order", arguments: { orderId: "A-17" }, result: "shipped" },
    ]);
  });

  it("gives a streamed preview turn's steps with the reply the client sends back", async () => {
    const bot = await createAgentBot();
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const send = (path: string, body: unknown) =>
      chat(chatRequest(path, { token: member.token, body })).then(readResponse);
    const start = await send(`/bots/${bot.botId}/preview/startChat`, { isStreamEnabled: true });
    const sessionId = start.body.sessionId as string;
    const asked = await send(`/sessions/${sessionId}/continueChat`, { message: "Where is my order A-17?" });
    expect(asked.body.clientSideActions).toEqual([expect.objectContaining({ type: "stream" })]);
    expect(stepLogsOf(asked.body.logs)).toEqual([]);
    scriptOrderTurn();
    const streamed = await chat(
      chatRequest(`/sessions/${sessionId}/streamMessage`, { token: member.token, body: {} }),
    );
    expect(streamed.status).toBe(200);
    const text = await streamed.text();
    expect(text).toContain("Order A-17 has shipped.");
    const next = await send(`/sessions/${sessionId}/continueChat`, {
      message: "Let me check.\n\nOrder A-17 has shipped.",
    });
    expect(next.status).toBe(200);
    expect(stepLogsOf(next.body.logs)).toEqual([
      { type: "modelText", step: 1, text: "Let me check." },
      { type: "toolCall", step: 1, name: "track_order", arguments: { orderId: "A-17" }, result: "shipped" },
    ]);
  });

  it("never gives a published chat's visitor the steps, nor stores them on its result", async () => {
    const bot = await createAgentBot();
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    scriptOrderTurn();
    const turn = await readResponse(
      await chat(
        chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "Where is my order A-17?" },
        }),
      ),
    );
    expect(turn.status).toBe(200);
    expect(JSON.stringify(turn.body.messages)).toContain("Order A-17 has shipped.");
    expect(stepLogsOf(turn.body.logs ?? [])).toEqual([]);
    expect(
      await getPrisma().log.count({
        where: { resultId: start.body.resultId, description: AI_AGENT_STEP_LOG },
      }),
    ).toBe(0);
  });
});
