import { createPortServices } from "@parley/chat/core/ports/createPortServices";
import { chatRequest, createTestChat, readResponse } from "@parley/chat/testing/chatFixtures";
import { seedPublishedBot } from "@parley/chat/testing/seedPublishedBot";
import { group, startEdge, startEvent, text, textOf } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { logger } from "@parley/platform/logger";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";
import { createCallerFactory } from "../../trpc";
import { appRouter } from "../appRouter";

const prisma = getPrisma();
const { chat } = createTestChat();
const forbiddenBody = { code: "FORBIDDEN", message: "Insufficient access", issues: [] };

const handoffFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      {
        id: "b-handoff",
        type: "Human handoff",
        items: [{ id: "i-fallback", path: "fallback" }],
        options: { resolutionVariableId: "v-resolution" },
      },
      text("b-back", "Back with the bot: {{Resolution}}, order {{Order}}"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [
    { id: "v-resolution", name: "Resolution" },
    { id: "v-order", name: "Order" },
  ],
};

let team: TestTeam;
let bot: Awaited<ReturnType<typeof seedPublishedBot>>;
const apiKey = createTestApiKey();
let openai: FakeProviderServer;
beforeAll(async () => {
  team = await createTestTeam();
  bot = await seedPublishedBot(prisma, team.workspaceId, handoffFlow);
  openai = await startFakeOpenAiServer(apiKey);
});
afterAll(() => openai.close());

/** A visitor reaches the handoff and says something: the waiting conversation. */
async function openConversation() {
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const sessionId: string = start.body.sessionId;
  await chat(
    chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message: "Help!" } }),
  );
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
  return { sessionId, id: conversation.id };
}

const post = (token: string, id: string, message: unknown) =>
  callApi("POST", `/conversations/${id}/messages`, { token, body: { message } });

describe("inbox REST endpoints", () => {
  it("lists by status and assignee and reads the transcript; GUEST reads, another workspace is refused", async () => {
    const { id } = await openConversation();
    for (const user of [team.admin, team.member, team.guest]) {
      const list = await callApi("GET", `/workspaces/${team.workspaceId}/conversations?status=waiting`, {
        token: user.token,
      });
      expect(list.status).toBe(200);
      expect(list.body.conversations.map((c: { id: string }) => c.id)).toContain(id);
    }
    const mine = await callApi("GET", `/workspaces/${team.workspaceId}/conversations?assignee=me`, {
      token: team.member.token,
    });
    expect(mine.body.conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    const read = await callApi("GET", `/conversations/${id}`, { token: team.guest.token });
    expect(read.status).toBe(200);
    expect(read.body.conversation).toMatchObject({
      id,
      status: "waiting",
      channel: "web",
      language: null,
      messages: [{ author: "visitor", text: "Help!", isInternal: false }],
    });
    const outsider = team.outsider.token;
    expect(await callApi("GET", `/conversations/${id}`, { token: outsider })).toEqual({
      status: 403,
      body: forbiddenBody,
    });
    expect(
      (await callApi("GET", `/workspaces/${team.workspaceId}/conversations`, { token: outsider })).status,
    ).toBe(403);
    expect(
      (await callApi("GET", "/conversations/unknownconversation", { token: team.admin.token })).status,
    ).toBe(404);
    const page = await callApi("GET", `/workspaces/${team.workspaceId}/conversations?cursor=%25%25`, {
      token: team.admin.token,
    });
    expect(page.status).toBe(400);
  });

  it("gives the visitor's language of a bot with several languages, in the list and the conversation", async () => {
    const bilingual = await seedPublishedBot(prisma, team.workspaceId, {
      ...handoffFlow,
      settings: { languages: { defaultLanguage: "en", languages: ["fr", "ar"] } },
    });
    const start = await readResponse(
      await chat(
        chatRequest(`/bots/${bilingual.publicId}/startChat`, {
          token: bilingual.chatKey,
          body: {},
          headers: { "accept-language": "ar-EG,ar;q=0.9" },
        }),
      ),
    );
    expect(start.body.language).toBe("ar");
    const { id } = await prisma.conversation.findFirstOrThrow({ where: { sessionId: start.body.sessionId } });
    const read = await callApi("GET", `/conversations/${id}`, { token: team.guest.token });
    expect(read.body.conversation).toMatchObject({ id, language: "ar" });
    const list = await callApi(
      "GET",
      `/workspaces/${team.workspaceId}/conversations?botId=${bilingual.botId}`,
      {
        token: team.member.token,
      },
    );
    expect(list.body.conversations).toEqual([expect.objectContaining({ id, language: "ar" })]);
  });

  it("an AI agent's hand-over: its summary in the conversation and the list; null for a plain handoff", async () => {
    const summary = "Ada's shoes (order A-42) arrived damaged; she wants a refund.";
    const credentials = await createWorkspaceCredentials(prisma, team.workspaceId, {
      type: "openai",
      name: "OpenAI",
      data: { apiKey, baseUrl: `${openai.origin}/v1` },
    });
    const agentBot = await seedPublishedBot(prisma, team.workspaceId, {
      events: [startEvent],
      groups: [
        group("g-agent", [
          {
            id: "b-agent",
            type: "AI agent",
            items: [{ id: "i-human", isHumanHandover: true, outgoingEdgeId: "e-human" }],
            options: { credentialsId: credentials.id, model: "model-agent" },
          },
        ]),
        group(
          "g-human",
          [{ id: "b-handoff", type: "Human handoff", items: [{ id: "i-fb", path: "fallback" }] }],
          {
            x: 300,
          },
        ),
      ],
      edges: [
        startEdge("g-agent"),
        { id: "e-human", from: { blockId: "b-agent", itemId: "i-human" }, to: { groupId: "g-human" } },
      ],
      variables: [],
    });
    const agentChat = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) }).chat;
    const start = await readResponse(
      await agentChat(
        chatRequest(`/bots/${agentBot.publicId}/startChat`, { token: agentBot.chatKey, body: {} }),
      ),
    );
    openai.script({
      toolCalls: [{ id: "call_1", name: "hand_over_to_human", arguments: JSON.stringify({ summary }) }],
    });
    const turn = await agentChat(
      chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
        token: agentBot.chatKey,
        body: { message: "I want a refund, from a person" },
      }),
    );
    expect(turn.status).toBe(200);
    const { id } = await prisma.conversation.findFirstOrThrow({ where: { sessionId: start.body.sessionId } });
    const read = await callApi("GET", `/conversations/${id}`, { token: team.guest.token });
    expect(read.status).toBe(200);
    expect(read.body.conversation).toMatchObject({ id, status: "waiting", summary });
    const list = await callApi(
      "GET",
      `/workspaces/${team.workspaceId}/conversations?botId=${agentBot.botId}`,
      {
        token: team.member.token,
      },
    );
    expect(list.body.conversations).toEqual([expect.objectContaining({ id, summary })]);
    const plain = await openConversation();
    const plainRead = await callApi("GET", `/conversations/${plain.id}`, { token: team.guest.token });
    expect(plainRead.body.conversation.summary).toBeNull();
  });

  it("keeps when a conversation was first taken through an unassignment and a second take", async () => {
    const { id } = await openConversation();
    const assign = (userId: string | null) =>
      callApi("POST", `/conversations/${id}/assign`, {
        token: team.admin.token,
        body: { userId, force: true },
      });
    expect((await assign(team.member.user.id)).status).toBe(200);
    const first = await prisma.conversation.findUniqueOrThrow({ where: { id } });
    expect(first.firstAssignedAt).toEqual(first.assignedAt);
    expect((await assign(null)).status).toBe(200);
    expect((await assign(team.admin.user.id)).status).toBe(200);
    const again = await prisma.conversation.findUniqueOrThrow({ where: { id } });
    expect(again.firstAssignedAt).toEqual(first.firstAssignedAt);
    expect(again.assignedAt?.getTime()).toBeGreaterThanOrEqual(first.assignedAt?.getTime() ?? 0);
  });

  it("lists one bot's conversations with botId", async () => {
    const { id } = await openConversation();
    const other = await seedPublishedBot(prisma, team.workspaceId, handoffFlow);
    const list = (botId: string) =>
      callApi("GET", `/workspaces/${team.workspaceId}/conversations?botId=${botId}`, {
        token: team.guest.token,
      });
    const ofBot = await list(bot.botId);
    expect(ofBot.status).toBe(200);
    expect(ofBot.body.conversations.map((c: { id: string }) => c.id)).toContain(id);
    expect(ofBot.body.conversations.every((c: { botId: string }) => c.botId === bot.botId)).toBe(true);
    const ofOther = await list(other.botId);
    expect(ofOther.body.conversations).toEqual([]);
  });

  it("an agent's message reaches the session's events; a note does not; bad input stores nothing", async () => {
    const { id, sessionId } = await openConversation();
    const sent = await post(team.member.token, id, { text: "Hi, I'm Grace" });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      author: "agent",
      userId: team.member.user.id,
      isInternal: false,
    });
    const note = await post(team.member.token, id, { text: "VIP customer", internal: true });
    expect(note.body.message.isInternal).toBe(true);
    const events = await prisma.sessionEvent.findMany({ where: { sessionId } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "message", data: { from: "agent", type: "text" } });
    expect(textOf(events[0]?.data as { content: unknown })).toBe("Hi, I'm Grace");
    for (const bad of [
      { text: "" },
      { text: "   " },
      { text: "x".repeat(4_097) },
      { text: "x".repeat(1_000_000) },
    ]) {
      const refused = await post(team.member.token, id, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("BAD_REQUEST");
    }
    expect((await post(team.guest.token, id, { text: "hello" })).status).toBe(403);
    expect((await post(team.outsider.token, id, { text: "hello" })).status).toBe(403);
    expect(await prisma.conversationMessage.count({ where: { conversationId: id, author: "agent" } })).toBe(
      2,
    );
  });

  it("assign: of two simultaneous takes one wins; ALREADY_ASSIGNED unless an ADMIN forces; GUEST cannot", async () => {
    const { id } = await openConversation();
    const takes = await Promise.all(
      [team.member, team.admin].map((user) =>
        callApi("POST", `/conversations/${id}/assign`, { token: user.token, body: { userId: user.user.id } }),
      ),
    );
    expect(takes.map((take) => take.status).sort()).toEqual([200, 400]);
    const loser = takes.find((take) => take.status === 400);
    expect(loser?.body.issues[0].code).toBe("ALREADY_ASSIGNED");
    const winner = takes.find((take) => take.status === 200)?.body.conversation;
    expect(winner.status).toBe("open");
    const holder = winner.assigneeId === team.member.user.id ? team.member : team.admin;
    const other = holder === team.member ? team.admin : team.member;
    if (other === team.admin) {
      const forced = await callApi("POST", `/conversations/${id}/assign`, {
        token: team.admin.token,
        body: { userId: team.admin.user.id, force: true },
      });
      expect(forced.body.conversation.assigneeId).toBe(team.admin.user.id);
    } else {
      const refused = await callApi("POST", `/conversations/${id}/assign`, {
        token: team.member.token,
        body: { userId: team.member.user.id, force: true },
      });
      expect(refused.body.issues[0].code).toBe("ALREADY_ASSIGNED");
    }
    const toGuest = await callApi("POST", `/conversations/${id}/assign`, {
      token: team.admin.token,
      body: { userId: team.guest.user.id, force: true },
    });
    expect(toGuest.body.issues[0].code).toBe("NOT_AN_AGENT");
    const byGuest = await callApi("POST", `/conversations/${id}/assign`, {
      token: team.guest.token,
      body: { userId: null },
    });
    expect(byGuest.status).toBe(403);
  });

  it("close with resume: the flow goes on with the resolution and variables; a closed one refuses more", async () => {
    const { id, sessionId } = await openConversation();
    const closed = await callApi("POST", `/conversations/${id}/close`, {
      token: team.member.token,
      body: { resolution: "refunded", resume: true, variables: { Order: "A-42" } },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.conversation).toMatchObject({ status: "closed", resolution: "refunded" });
    const record = await prisma.chatTurnRecord.findFirstOrThrow({
      where: { sessionId, key: `handoff:${id}` },
    });
    expect((record.response as { messages: { content: unknown }[] }).messages.map(textOf)).toEqual([
      "Back with the bot: refunded, order A-42",
    ]);
    for (const [path, body] of [
      ["close", { resume: false }],
      ["messages", { message: { text: "still there?" } }],
      ["assign", { userId: team.member.user.id }],
    ] as const) {
      const refused = await callApi("POST", `/conversations/${id}/${path}`, {
        token: team.member.token,
        body,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].code).toBe("CONVERSATION_CLOSED");
    }
    expect(
      (
        await callApi("POST", `/conversations/${id}/close`, {
          token: team.guest.token,
          body: { resume: false },
        })
      ).status,
    ).toBe(403);
  });

  it("typing (tRPC only): the visitor's stream gets a typing event; a GUEST cannot", async () => {
    const { id, sessionId } = await openConversation();
    const callerOf = (user: TestTeam["member"]) =>
      createCallerFactory(appRouter)({
        prisma,
        logger,
        requestId: "test-request",
        authenticate: async () => ({ id: user.user.id, email: user.email, name: user.user.name }),
      });
    expect(await callerOf(team.member).inbox.sendTypingIndicator({ conversationId: id })).toEqual({
      message: "success",
    });
    await expect(
      callerOf(team.guest).inbox.sendTypingIndicator({ conversationId: id }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const events = await prisma.sessionEvent.findMany({ where: { sessionId } });
    expect(events).toMatchObject([{ type: "typing", data: { from: "agent" } }]);
  });

  it("presence: members mark themselves available or away", async () => {
    const set = await callApi("PUT", `/workspaces/${team.workspaceId}/presence`, {
      token: team.member.token,
      body: { status: "available" },
    });
    expect(set.status).toBe(200);
    const list = await callApi("GET", `/workspaces/${team.workspaceId}/presence`, {
      token: team.guest.token,
    });
    expect(list.body.presence).toEqual([
      expect.objectContaining({ userId: team.member.user.id, status: "available" }),
    ]);
    expect(
      (
        await callApi("PUT", `/workspaces/${team.workspaceId}/presence`, {
          token: team.member.token,
          body: { status: "busy" },
        })
      ).status,
    ).toBe(400);
  });
});
