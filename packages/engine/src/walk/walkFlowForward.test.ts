import { describe, expect, it } from "vitest";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../testing";

describe("walking a flow", () => {
  it("shows bubbles across groups following block edges and stops at the first input", async () => {
    const flow = createFlow({
      groups: [
        { id: "g1", title: "Welcome", blocks: [{ ...textBlock("b1", "Hello"), outgoingEdgeId: "e1" }] },
        {
          id: "g2",
          title: "Ask",
          blocks: [
            textBlock("b2", "What is your name?"),
            { id: "b3", type: "text input", options: {} },
            textBlock("b4", "Thanks"),
          ],
        },
      ],
      edges: [{ id: "e1", from: { blockId: "b1" }, to: { groupId: "g2" } }],
    });
    const chat = await startTestChat(flow);
    expect(getMessageTexts(chat.outcome)).toEqual(["Hello", "What is your name?"]);
    expect(chat.outcome.response.input).toMatchObject({ id: "b3", type: "text input" });
    expect(chat.outcome.isCompleted).toBe(false);
    const next = await chat.send("Ada");
    expect(getMessageTexts(next)).toEqual(["Thanks"]);
    expect(next.response.input).toBeNull();
    expect(next.isCompleted).toBe(true);
    expect(next.result).toMatchObject({ hasStarted: true, isCompleted: true });
  });

  it("enters a group at the edge's target block", async () => {
    const flow = createFlow({
      groups: [
        { id: "g1", title: "A", blocks: [{ ...textBlock("a1", "one"), outgoingEdgeId: "e1" }] },
        { id: "g2", title: "B", blocks: [textBlock("b1", "skipped"), textBlock("b2", "landed")] },
      ],
      edges: [{ id: "e1", from: { blockId: "a1" }, to: { groupId: "g2", blockId: "b2" } }],
    });
    const chat = await startTestChat(flow);
    expect(getMessageTexts(chat.outcome)).toEqual(["one", "landed"]);
  });

  it("ends a flow without groups at once", async () => {
    const chat = await startTestChat(createFlow({ groups: [] }));
    expect(chat.outcome.isCompleted).toBe(true);
    expect(chat.outcome.response.messages).toEqual([]);
    expect(chat.outcome.result).toMatchObject({ hasStarted: false, isCompleted: false });
  });

  it("logs and ends when an edge leads to a missing group", async () => {
    const flow = createFlow({
      groups: [{ id: "g1", title: "A", blocks: [{ ...textBlock("a1", "one"), outgoingEdgeId: "e1" }] }],
      edges: [{ id: "e1", from: { blockId: "a1" }, to: { groupId: "gone" } }],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.isCompleted).toBe(true);
    expect(chat.outcome.response.logs[0]?.status).toBe("error");
  });

  it("stops a loop that never asks anything and says why", async () => {
    const flow = createFlow({
      groups: [{ id: "g1", title: "Loop", blocks: [{ ...textBlock("a1", "again"), outgoingEdgeId: "e1" }] }],
      edges: [{ id: "e1", from: { blockId: "a1" }, to: { groupId: "g1" } }],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.isCompleted).toBe(true);
    expect(chat.outcome.response.logs.map((log) => log.description)).toContain(
      "The flow loops without asking anything; it was stopped",
    );
  });

  it("starts from a chosen group, and refuses an unknown one", async () => {
    const flow = createFlow({
      groups: [
        { id: "g1", title: "A", blocks: [textBlock("a1", "first")] },
        { id: "g2", title: "B", blocks: [textBlock("b1", "second")] },
      ],
    });
    const chat = await startTestChat(flow, { startFrom: { type: "group", groupId: "g2" } });
    expect(getMessageTexts(chat.outcome)).toEqual(["second"]);
    await expect(
      startTestChat(flow, { startFrom: { type: "group", groupId: "nope" } }),
    ).rejects.toMatchObject({
      code: "START_GROUP_NOT_FOUND",
    });
  });
});
