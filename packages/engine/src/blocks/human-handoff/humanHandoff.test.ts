import { describe, expect, it } from "vitest";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../../testing";

/** Main: "hello", the handoff, "after {{Resolution}} {{Order}}"; its fallback path leads to "Leave your e-mail". */
const handoffFlow = (options: Record<string, unknown> = {}, isFallbackConnected = true) =>
  createFlow({
    variables: [
      { id: "v-resolution", name: "Resolution" },
      { id: "v-order", name: "Order" },
      { id: "v-name", name: "Name", value: "Ada" },
    ],
    edges: isFallbackConnected
      ? [
          {
            id: "fallback-edge",
            from: { blockId: "handoff", itemId: "fallback" },
            to: { groupId: "fallback" },
          },
        ]
      : [],
    groups: [
      {
        id: "main",
        title: "Main",
        blocks: [
          textBlock("m1", "hello"),
          {
            id: "handoff",
            type: "Human handoff",
            items: [
              {
                id: "fallback",
                path: "fallback",
                ...(isFallbackConnected ? { outgoingEdgeId: "fallback-edge" } : {}),
              },
            ],
            options: { resolutionVariableId: "v-resolution", ...options },
          },
          textBlock("m2", "after {{Resolution}} {{Order}}"),
        ],
      },
      { id: "fallback", title: "Fallback", blocks: [textBlock("f1", "Leave your e-mail")] },
    ],
  });

const queue = (
  availableAgents: number,
  waitingConversations: number,
  waitSecondsPerPosition: number | null = null,
) =>
  createTestPorts({
    readHandoffQueue: async () => ({ availableAgents, waitingConversations, waitSecondsPerPosition }),
  });

describe("Human handoff", () => {
  it("with default options: stops the bot, tells the visitor they wait and opens a conversation", async () => {
    const chat = await startTestChat(handoffFlow());
    expect(getMessageTexts(chat.outcome)).toEqual([
      "hello",
      "Thanks! A member of our team will be with you shortly.",
    ]);
    expect(chat.outcome.isCompleted).toBe(false);
    expect(chat.outcome.response.input).toMatchObject({ id: "handoff", type: "text input" });
    expect(chat.outcome.handoff.opened).toEqual({
      conversationId: "testid1",
      botId: "bot-1",
      resultId: "result-1",
      blockId: "handoff",
      team: null,
      pickUpTimeoutAt: null,
      waitingEmailAt: null,
      language: null,
      summary: null,
      queuePosition: null,
    });
    expect(chat.outcome.state.waitingFor).toMatchObject({
      kind: "dedicatedReply",
      action: "Human handoff",
      handoff: { conversationId: "testid1", pickUpTimeoutAt: null },
    });
    // A web client opens the session's event stream once the waiting message is shown.
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "listenForAgent", listenForAgent: { conversationId: "testid1" }, lastBubbleBlockId: "handoff" },
    ]);
  });

  it("tells no client to listen on a messaging channel (the channel's senders deliver the agent)", async () => {
    const chat = await startTestChat(handoffFlow(), { isOnMessagingChannel: true });
    expect(chat.outcome.handoff.opened?.conversationId).toBe("testid1");
    expect(chat.outcome.response.clientSideActions).toEqual([]);
    const next = await chat.send("Still there?");
    expect(next.response.clientSideActions).toEqual([]);
  });

  it("says the queue position when the runtime knows it, with the block's own text and variables", async () => {
    const chat = await startTestChat(handoffFlow({ waitingMessage: "Hold on {{Name}}", team: " Billing " }), {
      ports: queue(1, 2),
    });
    expect(getMessageTexts(chat.outcome)[1]).toBe("Hold on Ada\nYou are number 3 in the queue.");
    expect(chat.outcome.handoff.opened?.team).toBe("Billing");
  });

  it("says the expected wait when the queue's history gives one: the wait per place times the visitor's place", async () => {
    // 100 s per place, third in the queue: 300 s, about 5 minutes.
    const chat = await startTestChat(handoffFlow(), { ports: queue(1, 2, 100) });
    expect(getMessageTexts(chat.outcome)[1]).toBe(
      "Thanks! A member of our team will be with you shortly.\nYou are number 3 in the queue.\nExpected wait: about 5 minutes.",
    );
    expect(chat.outcome.handoff.opened?.queuePosition).toBe(3);
    // Under half a minute; and nothing when the history does not tell.
    const quick = await startTestChat(handoffFlow(), { ports: queue(1, 0, 20) });
    expect(getMessageTexts(quick.outcome)[1]).toMatch(
      /number 1 in the queue\.\nExpected wait: less than a minute\.$/,
    );
    const unknown = await startTestChat(handoffFlow(), { ports: queue(1, 0, null) });
    expect(getMessageTexts(unknown.outcome)[1]).toMatch(/number 1 in the queue\.$/);
    const one = await startTestChat(handoffFlow({ isQueuePositionShown: false }), { ports: queue(1, 0, 75) });
    expect(getMessageTexts(one.outcome)[1]).toBe(
      "Thanks! A member of our team will be with you shortly.\nExpected wait: about 1 minute.",
    );
  });

  it("writes the queue position and the expected wait into the block's variables, for its own text", async () => {
    const options = {
      waitingMessage: "You are #{{Order}}, about {{Resolution}} min",
      isQueuePositionShown: false,
      isExpectedWaitShown: false,
      queuePositionVariableId: "v-order",
      expectedWaitVariableId: "v-resolution",
    };
    const chat = await startTestChat(handoffFlow(options), { ports: queue(1, 3, 90) });
    expect(getMessageTexts(chat.outcome)[1]).toBe("You are #4, about 6 min");
    const unknown = await startTestChat(handoffFlow(options), { ports: queue(1, 0, null) });
    expect(getMessageTexts(unknown.outcome)[1]).toBe("You are #1, about  min");
  });

  it("keeps the visitor's messages for the inbox without advancing the flow", async () => {
    const chat = await startTestChat(handoffFlow());
    const next = await chat.send("I need help with my order");
    expect(next.response.messages).toEqual([]);
    expect(next.handoff.visitorMessages).toEqual([
      { conversationId: "testid1", text: "I need help with my order" },
    ]);
    expect(next.handoff.opened).toBeNull();
    expect(next.newAnswers).toEqual([]);
    expect(next.response.input).toMatchObject({ id: "handoff" });
    expect(next.response.clientSideActions).toEqual([
      { type: "listenForAgent", listenForAgent: { conversationId: "testid1" } },
    ]);
    expect(next.state.waitingFor).toMatchObject({ action: "Human handoff" });
  });

  it("closed with resume: goes on along the exit with the resolution and the agent's variables", async () => {
    const chat = await startTestChat(handoffFlow());
    const next = await chat.endHandoff({
      type: "closed",
      resolution: "refunded",
      resume: true,
      variables: { Order: "A-42", Unknown: "ignored" },
    });
    expect(getMessageTexts(next)).toEqual(["after refunded A-42"]);
    expect(next.isCompleted).toBe(true);
    expect(next.handoff.visitorMessages).toEqual([]);
  });

  it("closed without resume: the chat ends", async () => {
    const chat = await startTestChat(handoffFlow());
    const next = await chat.endHandoff({ type: "closed", resolution: null, resume: false, variables: {} });
    expect(getMessageTexts(next)).toEqual([]);
    expect(next.isCompleted).toBe(true);
    expect(next.state.waitingFor).toBeNull();
  });

  it("nobody took it in time: the fallback path", async () => {
    const chat = await startTestChat(handoffFlow({ pickUpTimeoutMinutes: 5, waitingEmailMinutes: 2 }));
    expect(chat.outcome.handoff.opened?.pickUpTimeoutAt).toBe("2026-08-21T10:05:00.000Z");
    // The agents' e-mail is due 2 minutes after the handoff (the periodic job sends it if nobody took it).
    expect(chat.outcome.handoff.opened?.waitingEmailAt).toBe("2026-08-21T10:02:00.000Z");
    const next = await chat.endHandoff({ type: "timedOut" });
    expect(getMessageTexts(next)).toEqual(["Leave your e-mail"]);
    expect(next.logsToPersist.map((log) => log.description)).toContain(
      "Nobody took the conversation in time: the fallback path was taken",
    );
  });

  it("outside business hours (time zone, weekly hours, holidays): the fallback path at once, no conversation", async () => {
    // TEST_NOW is Friday 2026-08-21 10:00 UTC = 12:00 in Paris.
    const hours = (ranges: unknown[], holidays: string[] = []) => ({
      businessHours: { isEnabled: true, timeZone: "Europe/Paris", ranges, holidays },
    });
    const closed = await startTestChat(handoffFlow(hours([{ day: 5, start: "13:00", end: "18:00" }])));
    expect(getMessageTexts(closed.outcome)).toEqual(["hello", "Leave your e-mail"]);
    expect(closed.outcome.handoff.opened).toBeNull();
    const holiday = await startTestChat(
      handoffFlow(hours([{ day: 5, start: "09:00", end: "18:00" }], ["2026-08-21"])),
    );
    expect(getMessageTexts(holiday.outcome)).toEqual(["hello", "Leave your e-mail"]);
    const open = await startTestChat(handoffFlow(hours([{ day: 5, start: "09:00", end: "18:00" }])));
    expect(open.outcome.handoff.opened).not.toBeNull();
  });

  it("nobody available, when the block asks for someone: the fallback path, else the exit when it is not connected", async () => {
    const options = { isFallbackWhenNobodyAvailable: true };
    const fallback = await startTestChat(handoffFlow(options), { ports: queue(0, 0) });
    expect(getMessageTexts(fallback.outcome)).toEqual(["hello", "Leave your e-mail"]);
    const unconnected = await startTestChat(handoffFlow(options, false), { ports: queue(0, 0) });
    expect(getMessageTexts(unconnected.outcome)).toEqual(["hello", "after  "]);
    const someone = await startTestChat(handoffFlow(options), { ports: queue(1, 0) });
    expect(someone.outcome.handoff.opened).not.toBeNull();
  });
});
