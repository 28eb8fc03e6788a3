import { describe, expect, it } from "vitest";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../testing";
import { continueChat } from "./continueChat";
import { startChat } from "./startChat";

const leadingInputFlow = (inputType = "text input", withBubble = false) =>
  createFlow({
    variables: [{ id: "name", name: "Name" }],
    groups: [
      {
        id: "g",
        title: "G",
        blocks: [
          ...(withBubble ? [textBlock("hello", "Hello")] : []),
          {
            id: "ask",
            type: inputType,
            options: { variableId: "name" },
            items: [{ id: "i1", content: "Yes" }],
          },
          textBlock("t", "Hi {{Name}}"),
        ],
      },
    ],
  });

describe("start with a message", () => {
  it("answers a leading input at once", async () => {
    const chat = await startTestChat(leadingInputFlow(), { message: { type: "text", text: "Ada" } });
    expect(getMessageTexts(chat.outcome)).toEqual(["Hi Ada"]);
    expect(chat.outcome.newAnswers).toHaveLength(1);
  });

  it("does not answer when bubbles come first, or when the input is a choice", async () => {
    const withBubble = await startTestChat(leadingInputFlow("text input", true), {
      message: { type: "text", text: "Ada" },
    });
    expect(withBubble.outcome.response.input?.id).toBe("ask");
    const choice = await startTestChat(leadingInputFlow("choice input"), {
      message: { type: "text", text: "Yes" },
    });
    expect(choice.outcome.response.input?.id).toBe("ask");
    expect(choice.outcome.newAnswers).toEqual([]);
  });
});

describe("only registering", () => {
  it("runs nothing, then the first message starts the flow and answers the leading input", async () => {
    const chat = await startTestChat(leadingInputFlow(), { isOnlyRegistering: true });
    expect(chat.outcome.response).toMatchObject({ messages: [], input: null });
    expect(chat.outcome.isCompleted).toBe(false);
    const next = await chat.send("Ada");
    expect(getMessageTexts(next)).toEqual(["Hi Ada"]);
  });
});

describe("continueChat guards", () => {
  it("refuses a flow other than the session's and an ended session; never mutates the stored state", async () => {
    const ports = createTestPorts();
    const flow = leadingInputFlow();
    const started = await startChat(
      {
        flow,
        isPreview: false,
        resultId: "r",
        isStreamEnabled: false,
        isOnlyRegistering: false,
        textBubbleContentFormat: "richText",
      },
      ports,
    );
    const snapshot = JSON.stringify(started.state);
    await expect(
      continueChat(
        { flow: { ...flow, id: "other" }, state: started.state, textBubbleContentFormat: "richText" },
        ports,
      ),
    ).rejects.toMatchObject({ code: "FLOW_MISMATCH" });
    const ended = await continueChat(
      {
        flow,
        state: started.state,
        message: { type: "text", text: "Ada" },
        textBubbleContentFormat: "richText",
      },
      ports,
    );
    expect(JSON.stringify(started.state)).toBe(snapshot);
    expect(ended.isCompleted).toBe(true);
    await expect(
      continueChat(
        {
          flow,
          state: ended.state,
          message: { type: "text", text: "x" },
          textBubbleContentFormat: "richText",
        },
        ports,
      ),
    ).rejects.toMatchObject({ code: "SESSION_COMPLETED" });
  });

  it("repeating a turn on the same stored state gives the same answer index (idempotent persistence)", async () => {
    const ports = createTestPorts();
    const flow = leadingInputFlow();
    const chat = await startTestChat(flow, { ports });
    const request = {
      flow,
      state: chat.outcome.state,
      message: { type: "text" as const, text: "Ada" },
      textBubbleContentFormat: "richText" as const,
    };
    const first = await continueChat(request, ports);
    const second = await continueChat(request, ports);
    expect(first.newAnswers).toEqual(second.newAnswers);
    expect(first.newAnswers[0]?.index).toBe(0);
  });
});

describe("start props to inject", () => {
  const tracked = createFlow({
    settings: { metadata: { customHeadCode: "<meta name='x'>", tagManagerId: "GTM-1" } },
    groups: [
      {
        id: "g",
        title: "G",
        blocks: [
          textBlock("t", "hi"),
          { id: "ga", type: "Google Analytics", options: { trackingId: "G-9" } },
          { id: "px1", type: "Pixel", options: { pixelId: "111", eventType: "Lead" } },
          { id: "px2", type: "Pixel", options: { pixelId: "222", eventType: "Lead", isInitSkip: true } },
        ],
      },
    ],
  });

  it("come first in a live start, with the trackers the flow uses", async () => {
    const chat = await startTestChat(tracked);
    expect(chat.outcome.response.clientSideActions[0]).toEqual({
      type: "startPropsToInject",
      startPropsToInject: {
        googleAnalyticsId: "G-9",
        pixelIds: ["111"],
        gtmId: "GTM-1",
        customHeadCode: "<meta name='x'>",
      },
    });
  });

  it("are left out in preview, with an info log", async () => {
    const chat = await startTestChat(tracked, { isPreview: true });
    expect(chat.outcome.response.clientSideActions).toEqual([]);
    expect(chat.outcome.response.logs.map((log) => log.description)).toContain(
      "Custom head code and trackers are not loaded in preview",
    );
  });
});
