import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPrisma } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The builder's procedures use the server's allow-list: these tests reach local servers on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestBot, createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { createBuilderClient } from "../../testing/builderClient";
import {
  addTextSource,
  createEmbeddingCredentials,
  createKnowledgeBase,
  runQueuedIndexing,
} from "../../testing/knowledgeFixtures";

const apiKey = "sk-agent-test-run-0123456789abcdef";
let openai: FakeProviderServer;
/** The author's service an HTTP tool calls: answers the order's status as JSON and keeps what it was sent. */
let orders: Server;
const orderRequests: { url: string; headers: IncomingMessage["headers"] }[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  orders = createServer((request, response) => {
    orderRequests.push({ url: request.url ?? "", headers: request.headers });
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ data: { status: "shipped", carrier: "Parcelo" } }));
  });
  await new Promise<void>((resolve) => orders.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await openai.close();
  await new Promise((resolve) => orders.close(resolve));
});

const browserOf = async (userId: string) =>
  createBuilderClient({ sessionToken: (await createUserSession(getPrisma(), userId)).token });

async function setUp() {
  const team = await createTestTeam();
  const credentialsId = await createEmbeddingCredentials(team.workspaceId, openai, apiKey);
  const bot = await createTestBot(team.workspaceId);
  return { team, credentialsId, botId: bot.id };
}

const agentBlock = (options: Record<string, unknown>, items: unknown[] = []) => ({
  id: "b-agent",
  type: "AI agent",
  items,
  options: { provider: "openai", model: "gpt-4o-mini", ...options },
});

async function indexedBase(team: TestTeam, credentialsId: string) {
  const base = await createKnowledgeBase(team, credentialsId, { name: "Help centre" });
  await addTextSource(
    team,
    base.id,
    "Returns policy",
    "Returns are free within 30 days of delivery. Refunds reach the card within five working days.",
  );
  await runQueuedIndexing();
  return base;
}

describe("integrations.testAiAgent", () => {
  it("runs the agent once over its real provider and answers each step: search, HTTP tool, answer", async () => {
    const { team, credentialsId, botId } = await setUp();
    const base = await indexedBase(team, credentialsId);
    const { port } = orders.address() as AddressInfo;
    openai.script(
      { toolCalls: [{ id: "call_search", name: "search_knowledge", arguments: '{"query":"returns"}' }] },
      {
        toolCalls: [
          { id: "call_order", name: "track_order", arguments: '{"orderId":"A-17"}' },
          { id: "call_save", name: "save_email", arguments: '{"value":"ada@example.test"}' },
        ],
      },
      { text: "Returns are free for 30 days [1]. Your order A-17 has shipped." },
    );
    const browser = await browserOf(team.member.user.id);
    const answered = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "Can I return order A-17?",
      variables: [{ id: "v-email", name: "Email", value: null }],
      block: agentBlock({
        credentialsId,
        instructions: "You help the shop's customers.",
        knowledgeBaseIds: [base.id],
        tools: [
          {
            id: "t1",
            type: "httpRequest",
            name: "track_order",
            description: "Tells where an order is",
            parameters: {
              type: "object",
              properties: { orderId: { type: "string" } },
              required: ["orderId"],
            },
            method: "GET",
            url: `http://127.0.0.1:${port}/orders/{{orderId}}`,
            responsePath: "data.status",
          },
          { id: "t2", type: "setVariable", name: "save_email", variableId: "v-email" },
        ],
      }),
    });
    expect(answered.status).toBe(200);
    const steps = answered.data.steps;
    expect(steps.map((step: { type: string; name?: string }) => step.name ?? step.type)).toEqual([
      "retrieval",
      "search_knowledge",
      "track_order",
      "save_email",
      "answer",
    ]);
    expect(steps[0]).toMatchObject({ step: 1, query: "returns" });
    expect(steps[0].passages[0]).toMatchObject({ source: { name: "Returns policy" } });
    expect(steps[0].passages[0].text).toContain("Returns are free within 30 days");
    expect(typeof steps[0].passages[0].score).toBe("number");
    expect(steps[1].result).toContain("[1] Returns policy");
    expect(steps[2]).toEqual({
      type: "toolCall",
      step: 2,
      name: "track_order",
      arguments: { orderId: "A-17" },
      result: "shipped",
    });
    expect(orderRequests.at(-1)?.url).toBe("/orders/A-17");
    expect(steps[4]).toEqual({
      type: "answer",
      text: "Returns are free for 30 days [1]. Your order A-17 has shipped.",
      sources: [{ id: expect.any(String), name: "Returns policy" }],
      isFallback: false,
    });
    expect(answered.data.variables).toEqual([{ id: "v-email", value: "ada@example.test" }]);
    // The model was told the instructions and offered the author's tools.
    const sent = openai.requests.at(-1)?.json as
      | { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] }
      | undefined;
    expect(sent?.messages[0]).toMatchObject({ role: "system" });
    expect(sent?.messages[0]?.content).toContain("You help the shop's customers.");
    expect(sent?.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([
      "search_knowledge",
      "no_answer",
      "track_order",
      "save_email",
    ]);
    // Nothing is stored: no result, no session.
    expect(await getPrisma().result.count({ where: { botId } })).toBe(0);
  });

  it("shows a provider failure as the fallback answer with its log, not an error", async () => {
    const { team, botId } = await setUp();
    const unreachable = await createEmbeddingCredentials(
      team.workspaceId,
      openai,
      "sk-wrong-key-000000000000000000",
    );
    const browser = await browserOf(team.member.user.id);
    const answered = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "Hello",
      block: agentBlock({ credentialsId: unreachable, fallbackMessage: "Sorry, try later." }),
    });
    expect(answered.status).toBe(200);
    expect(answered.data.steps).toEqual([
      { type: "answer", text: "Sorry, try later.", sources: [], isFallback: true },
    ]);
    expect(answered.data.logs[0]).toMatchObject({
      status: "error",
      description: "AI agent: the OpenAI request failed",
    });
  });

  it("refuses another workspace's credentials and knowledge bases as missing, and another's bot", async () => {
    const { team, credentialsId, botId } = await setUp();
    const other = await setUp();
    const otherBase = await createKnowledgeBase(other.team, other.credentialsId);
    const browser = await browserOf(team.member.user.id);
    const withCredentials = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "Hello",
      block: agentBlock({ credentialsId: other.credentialsId }),
    });
    expect(withCredentials.status).toBe(404);
    expect(withCredentials.error).toMatchObject({
      code: "NOT_FOUND",
      issues: [{ path: ["block", "options", "credentialsId"], code: "CREDENTIALS_NOT_FOUND" }],
    });
    const withBase = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "Hello",
      block: agentBlock({ credentialsId, knowledgeBaseIds: [otherBase.id] }),
    });
    expect(withBase.status).toBe(404);
    expect(withBase.error).toMatchObject({
      code: "NOT_FOUND",
      issues: [{ path: ["block", "options", "knowledgeBaseIds", 0], code: "KNOWLEDGE_BASE_NOT_FOUND" }],
    });
    const otherBot = await browser.mutate("integrations.testAiAgent", {
      botId: other.botId,
      message: "Hello",
      block: agentBlock({ credentialsId }),
    });
    // The one access rule (decisions.md): a record of a workspace the caller is not a member of is FORBIDDEN.
    expect(otherBot.status).toBe(403);
    const guest = await (await browserOf(team.guest.user.id)).mutate("integrations.testAiAgent", {
      botId,
      message: "Hello",
      block: agentBlock({ credentialsId }),
    });
    expect(guest.status).toBe(403);
  });

  it("refuses an empty message and a tool the schema refuses, with the field named", async () => {
    const { team, credentialsId, botId } = await setUp();
    const browser = await browserOf(team.member.user.id);
    const empty = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "  ",
      block: agentBlock({ credentialsId }),
    });
    expect(empty.status).toBe(400);
    expect(empty.error.issues[0]).toMatchObject({ path: ["message"] });
    const badTool = await browser.mutate("integrations.testAiAgent", {
      botId,
      message: "Hello",
      block: agentBlock({ credentialsId, tools: [{ id: "t", type: "httpRequest", name: "track order" }] }),
    });
    expect(badTool.status).toBe(400);
    expect(badTool.error.issues[0].path).toEqual(["block", "options", "tools", 0, "name"]);
  });
});
