import { getPrisma, observeStatements } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { group, startEdge, startEvent, text, textOf } from "../testing/testFlows";
import { closeHandoffConversation } from "./closeHandoffConversation";
import { takeHandoffFallbacks } from "./handoffTimeouts";
import { handoffRecordKey } from "./runHandoffTurn";

const prisma = getPrisma();
const { chat, runtime } = createTestChat();

/** "Hello", the handoff (team Support), "Back with the bot: {{Resolution}} {{Order}}"; fallback: "Leave your e-mail". */
const handoffFlow = (options: Record<string, unknown> = {}) => ({
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      {
        id: "b-handoff",
        type: "Human handoff",
        items: [{ id: "i-fallback", path: "fallback", outgoingEdgeId: "e-fallback" }],
        options: { team: "Support", resolutionVariableId: "v-resolution", ...options },
      },
      text("b-back", "Back with the bot: {{Resolution}} {{Order}}"),
    ]),
    group("g-fallback", [text("b-fallback", "Leave your e-mail")], { x: 400 }),
  ],
  edges: [
    startEdge("g-1"),
    { id: "e-fallback", from: { blockId: "b-handoff", itemId: "i-fallback" }, to: { groupId: "g-fallback" } },
  ],
  variables: [
    { id: "v-resolution", name: "Resolution" },
    { id: "v-order", name: "Order" },
  ],
});

async function startHandoff(options: Record<string, unknown> = {}) {
  const bot = await createPublishedTestBot(handoffFlow(options));
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  expect(start.status).toBe(200);
  const sessionId: string = start.body.sessionId;
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
  return { bot, start, sessionId, conversation };
}

const send = (bot: { chatKey: string }, sessionId: string, message: string) =>
  chat(chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message } })).then(
    readResponse,
  );

describe("Human handoff over the chat endpoints", () => {
  it("stops the bot, tells the visitor their place in the queue and opens a waiting conversation", async () => {
    const { bot, start, sessionId, conversation } = await startHandoff();
    expect(start.body.messages.map(textOf)).toEqual([
      "Hello",
      "Thanks! A member of our team will be with you shortly.You are number 1 in the queue.",
    ]);
    expect(start.body.input).toMatchObject({ id: "b-handoff", type: "text input" });
    // The web client is told to open the session's event stream once the waiting message shows.
    expect(start.body.clientSideActions).toEqual([
      {
        type: "listenForAgent",
        listenForAgent: { conversationId: conversation.id },
        lastBubbleBlockId: "b-handoff",
        expectsDedicatedReply: false,
      },
    ]);
    expect(conversation).toMatchObject({
      workspaceId: bot.workspaceId,
      botId: bot.botId,
      sessionId,
      resultId: start.body.resultId,
      blockId: "b-handoff",
      channel: "web",
      status: "waiting",
      team: "Support",
      assigneeId: null,
      pickUpTimeoutAt: null,
    });
    // A second visitor of the same workspace's queue is told they are second.
    const second = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(textOf(second.body.messages[1])).toMatch(/You are number 2 in the queue\.$/);
  });

  it("stores the visitor's messages in the conversation; the flow does not advance", async () => {
    const { bot, sessionId, conversation } = await startHandoff();
    const reply = await send(bot, sessionId, "Where is my order?");
    expect(reply.status).toBe(200);
    expect(reply.body.messages).toEqual([]);
    expect(reply.body.input).toMatchObject({ id: "b-handoff" });
    expect(reply.body.clientSideActions).toEqual([
      {
        type: "listenForAgent",
        listenForAgent: { conversationId: conversation.id },
        lastBubbleBlockId: null,
        expectsDedicatedReply: false,
      },
    ]);
    const messages = await prisma.conversationMessage.findMany({
      where: { conversationId: conversation.id },
    });
    expect(messages).toMatchObject([{ author: "visitor", text: "Where is my order?", isInternal: false }]);
    expect(await prisma.answer.count({ where: { resultId: conversation.resultId ?? "" } })).toBe(0);
  });

  it("closed with resume: the flow goes on with the resolution and the agent's variables; a second close loses", async () => {
    const { bot, sessionId, conversation } = await startHandoff();
    const closed = await closeHandoffConversation(
      runtime,
      {
        conversationId: conversation.id,
        workspaceId: bot.workspaceId,
        resolution: "refunded",
        resume: true,
        variables: { Order: "A-42" },
      },
      logger,
    );
    expect(closed).toMatchObject({ status: "closed", sessionId, turn: { status: "ran", isCompleted: true } });
    const record = await prisma.chatTurnRecord.findFirstOrThrow({
      where: { sessionId, key: handoffRecordKey(conversation.id) },
    });
    expect((record.response as { messages: { content: unknown }[] }).messages.map(textOf)).toEqual([
      "Back with the bot: refunded A-42",
    ]);
    expect(await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({
      status: "closed",
      resolution: "refunded",
      isResumed: true,
    });
    const again = await closeHandoffConversation(
      runtime,
      {
        conversationId: conversation.id,
        workspaceId: bot.workspaceId,
        resolution: null,
        resume: false,
      },
      logger,
    );
    expect(again).toEqual({ status: "notOpen" });
    // The chat is over: the visitor's next message is answered as for any ended session.
    expect((await send(bot, sessionId, "thanks")).body.issues[0].code).toBe("SESSION_NOT_FOUND");
  });

  it("closed without resume: the chat ends; another workspace cannot close it", async () => {
    const { bot, sessionId, conversation } = await startHandoff();
    const other = await createPublishedTestBot(handoffFlow());
    expect(
      await closeHandoffConversation(
        runtime,
        {
          conversationId: conversation.id,
          workspaceId: other.workspaceId,
          resolution: null,
          resume: false,
        },
        logger,
      ),
    ).toEqual({ status: "notOpen" });
    const closed = await closeHandoffConversation(
      runtime,
      {
        conversationId: conversation.id,
        workspaceId: bot.workspaceId,
        resolution: null,
        resume: false,
      },
      logger,
    );
    expect(closed).toMatchObject({ status: "closed", turn: { status: "ran", isCompleted: true } });
    expect(await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({
      isCompleted: true,
    });
  });

  it("nobody took it in time: the periodic job closes it and the session takes the fallback path", async () => {
    const { sessionId, conversation } = await startHandoff({ pickUpTimeoutMinutes: 1 });
    expect(conversation.pickUpTimeoutAt).not.toBeNull();
    const before = await takeHandoffFallbacks(runtime, logger);
    expect(await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({
      status: "waiting",
    });
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { pickUpTimeoutAt: new Date(Date.now() - 1_000) },
    });
    const after = await takeHandoffFallbacks(runtime, logger);
    expect(after.timedOut).toBeGreaterThanOrEqual(before.timedOut + 1);
    expect(await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({
      status: "closed",
      isResumed: false,
    });
    const record = await prisma.chatTurnRecord.findFirstOrThrow({
      where: { sessionId, key: handoffRecordKey(conversation.id) },
    });
    expect((record.response as { messages: { content: unknown }[] }).messages.map(textOf)).toEqual([
      "Leave your e-mail",
    ]);
  });

  it("nobody available: the fallback path at once when the block asks for someone", async () => {
    const bot = await createPublishedTestBot(handoffFlow({ isFallbackWhenNobodyAvailable: true }));
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(start.body.messages.map(textOf)).toEqual(["Hello", "Leave your e-mail"]);
    expect(await prisma.conversation.count({ where: { botId: bot.botId } })).toBe(0);
    await prisma.agentPresence.create({
      data: { workspaceId: bot.workspaceId, userId: bot.owner.user.id, status: "available" },
    });
    const staffed = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(staffed.body.messages.map(textOf)[1]).toMatch(/^Thanks!/);
    expect(await prisma.conversation.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("expected wait: the median wait per place of the queue's last week's taken conversations, times the place", async () => {
    const bot = await createPublishedTestBot(
      handoffFlow({ queuePositionVariableId: "v-order", expectedWaitVariableId: "v-resolution" }),
    );
    const now = Date.now();
    const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
    let count = 0;
    const store = (row: {
      openedMinutesAgo: number;
      waitSeconds?: number;
      queuePosition?: number | null;
      team?: string | null;
      channel?: string;
    }) => {
      const createdAt = minutesAgo(row.openedMinutesAgo);
      const takenAt =
        row.waitSeconds === undefined ? null : new Date(createdAt.getTime() + row.waitSeconds * 1_000);
      count += 1;
      return prisma.conversation.create({
        data: {
          id: `history-${bot.botId}-${count}`,
          workspaceId: bot.workspaceId,
          botId: bot.botId,
          sessionId: `history-session-${count}`,
          blockId: "b-handoff",
          channel: row.channel ?? "web",
          team: row.team === undefined ? "Support" : row.team,
          status: takenAt ? "closed" : "waiting",
          createdAt,
          assignedAt: takenAt,
          firstAssignedAt: takenAt,
          queuePosition: row.queuePosition === undefined ? 1 : row.queuePosition,
        },
      });
    };
    // Two taken conversations are too few to tell: no estimate.
    await store({ openedMinutesAgo: 60, waitSeconds: 60 });
    await store({ openedMinutesAgo: 50, waitSeconds: 90 });
    const early = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(textOf(early.body.messages[1])).toBe(
      "Thanks! A member of our team will be with you shortly.You are number 1 in the queue.",
    );
    await prisma.conversation.deleteMany({ where: { sessionId: early.body.sessionId } });
    // Per place: 60, 90, 240/2 = 120, 300/3 = 100, and one outlier (100 min): the median is 100 s.
    await store({ openedMinutesAgo: 40, waitSeconds: 240, queuePosition: 2 });
    await store({ openedMinutesAgo: 30, waitSeconds: 300, queuePosition: 3 });
    await store({ openedMinutesAgo: 200, waitSeconds: 6_000, queuePosition: null });
    // Not in the history (each would pull the median down to 75 s): over a week old, previews, another queue.
    for (let index = 0; index < 3; index++) {
      await store({ openedMinutesAgo: 8 * 24 * 60, waitSeconds: 1 });
      await store({ openedMinutesAgo: 20, waitSeconds: 1, channel: "preview" });
      await store({ openedMinutesAgo: 20, waitSeconds: 1, team: "Billing" });
    }
    // Two visitors already wait in the queue: the next one is third, 300 s, "about 5 minutes".
    await store({ openedMinutesAgo: 2 });
    await store({ openedMinutesAgo: 1 });
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(textOf(start.body.messages[1])).toBe(
      "Thanks! A member of our team will be with you shortly.You are number 3 in the queue.Expected wait: about 5 minutes.",
    );
    const conversation = await prisma.conversation.findFirstOrThrow({
      where: { sessionId: start.body.sessionId },
    });
    expect(conversation.queuePosition).toBe(3);
    const result = await prisma.result.findUniqueOrThrow({ where: { id: start.body.resultId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Order", value: "3" }),
        expect.objectContaining({ name: "Resolution", value: "5" }),
      ]),
    );
  });

  it("SQL: a visitor's message during the handoff is the turn's 3 statements; the handoff's start one more (the queue)", async () => {
    const { bot, sessionId } = await startHandoff();
    const statements: string[] = [];
    const stop = observeStatements((statement) => statements.push(statement));
    expect((await send(bot, sessionId, "still there?")).status).toBe(200);
    stop();
    // No rate limit in this runtime: the read and the write.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^WITH s AS \(\s+UPDATE "ChatSession"/);
    const startStatements: string[] = [];
    const stopStart = observeStatements((statement) => startStatements.push(statement));
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} }));
    stopStart();
    expect(startStatements.filter((statement) => statement.includes('"AgentPresence"'))).toHaveLength(1);
  });
});
