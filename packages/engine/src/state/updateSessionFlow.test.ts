import { describe, expect, it } from "vitest";
import { continueChat } from "../chat/continueChat";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../testing";
import { parseSessionState } from "./parseSessionState";
import { updateSessionFlow } from "./updateSessionFlow";

const v1 = createFlow({
  id: "v1",
  variables: [{ id: "name", name: "Name" }],
  groups: [
    {
      id: "g1",
      title: "Ask",
      blocks: [{ id: "ask-name", type: "text input", options: { variableId: "name" } }],
    },
  ],
});
v1.groups[0]?.blocks.push({ id: "ask-city", type: "text input", options: {} });

describe("updateSessionFlow", () => {
  it("keeps variables and position, adds new variables with their defaults", async () => {
    const ports = createTestPorts();
    const chat = await startTestChat(v1, { ports });
    await chat.send("Ada");
    const v2 = createFlow({
      id: "v2",
      variables: [
        { id: "name", name: "Name", value: "default ignored" },
        { id: "greeting", name: "Greeting", value: "Welcome" },
      ],
      groups: [
        {
          id: "g1",
          title: "Ask",
          blocks: [
            { id: "ask-name", type: "text input", options: { variableId: "name" } },
            { id: "ask-city", type: "text input", options: {} },
            textBlock("new", "{{Greeting}} {{Name}}"),
          ],
        },
      ],
    });
    const state = updateSessionFlow(chat.outcome.state, v2);
    expect(state.flowId).toBe("v2");
    const next = await continueChat(
      { flow: v2, state, message: { type: "text", text: "Paris" }, textBubbleContentFormat: "richText" },
      ports,
    );
    expect(getMessageTexts(next)).toEqual(["Welcome Ada"]);
  });

  it("starts again from the start event when the waiting block is gone", async () => {
    const ports = createTestPorts();
    const chat = await startTestChat(v1, { ports });
    await chat.send("Ada");
    const v2 = createFlow({
      id: "v2",
      variables: [{ id: "name", name: "Name" }],
      groups: [{ id: "g9", title: "New", blocks: [textBlock("hello", "Hello again {{Name}}")] }],
    });
    const state = updateSessionFlow(chat.outcome.state, v2);
    const next = await continueChat(
      { flow: v2, state, message: null, textBubbleContentFormat: "richText" },
      ports,
    );
    expect(getMessageTexts(next)).toEqual(["Hello again Ada"]);
  });
});

describe("parseSessionState", () => {
  it("accepts a stored state and refuses anything else", async () => {
    const chat = await startTestChat(v1);
    const stored = JSON.parse(JSON.stringify(chat.outcome.state));
    expect(parseSessionState(stored)).toEqual(stored);
    expect(() => parseSessionState({ ...stored, version: 99 })).toThrow(
      expect.objectContaining({ code: "SESSION_STATE_INVALID" }),
    );
    expect(() => parseSessionState({ ...stored, frames: [] })).toThrow(
      expect.objectContaining({ code: "SESSION_STATE_INVALID" }),
    );
    expect(() => parseSessionState("nope")).toThrow(
      expect.objectContaining({ code: "SESSION_STATE_INVALID" }),
    );
  });
});
