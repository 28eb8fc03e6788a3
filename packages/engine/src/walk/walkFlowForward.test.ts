import { describe, expect, it } from "vitest";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../testing";
import { loopStoppedMessage, MAX_BLOCKS_PER_TURN } from "./walkFlowForward";

/** A flow of `count` groups of one text bubble, each leading to the next: long, without any loop. */
const createLinearFlow = (count: number) =>
  createFlow({
    groups: Array.from({ length: count }, (_, index) => ({
      id: `g${index}`,
      title: `Group ${index}`,
      blocks: [
        {
          ...textBlock(`b${index}`, `Bubble ${index}`),
          ...(index < count - 1 ? { outgoingEdgeId: `e${index}` } : {}),
        },
      ],
    })),
    edges: Array.from({ length: count - 1 }, (_, index) => ({
      id: `e${index}`,
      from: { blockId: `b${index}` },
      to: { groupId: `g${index + 1}` },
    })),
  });

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

  it("stops a loop that never asks anything and says why, after three rounds", async () => {
    const flow = createFlow({
      groups: [{ id: "g1", title: "Loop", blocks: [{ ...textBlock("a1", "again"), outgoingEdgeId: "e1" }] }],
      edges: [{ id: "e1", from: { blockId: "a1" }, to: { groupId: "g1" } }],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.isCompleted).toBe(true);
    expect(getMessageTexts(chat.outcome)).toEqual(["again", "again"]);
    expect(chat.outcome.response.logs).toEqual([
      expect.objectContaining({ status: "error", description: loopStoppedMessage, context: "a1" }),
    ]);
  });

  it("stops a loop through several groups whose state alternates but repeats", async () => {
    // g1 sets Flag to "on", g2 to "off", then back to g1: the same two states forever.
    const setFlag = (id: string, value: string, edge: string) => ({
      id,
      type: "Set variable",
      options: { variableId: "v1", type: "Custom", expressionToEvaluate: value },
      outgoingEdgeId: edge,
    });
    const flow = createFlow({
      variables: [{ id: "v1", name: "Flag" }],
      groups: [
        { id: "g1", title: "On", blocks: [setFlag("s1", "on", "e1")] },
        { id: "g2", title: "Off", blocks: [setFlag("s2", "off", "e2")] },
      ],
      edges: [
        { id: "e1", from: { blockId: "s1" }, to: { groupId: "g2" } },
        { id: "e2", from: { blockId: "s2" }, to: { groupId: "g1" } },
      ],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.isCompleted).toBe(true);
    expect(chat.outcome.response.logs.map((log) => log.description)).toEqual([loopStoppedMessage]);
  });

  it("runs a loop that changes something each round to its end (a counter with an exit)", async () => {
    const flow = createFlow({
      variables: [{ id: "v1", name: "Count", value: "0" }],
      groups: [
        {
          id: "g1",
          title: "Count",
          blocks: [
            {
              id: "s1",
              type: "Set variable",
              options: { variableId: "v1", type: "Custom", expressionToEvaluate: "{{Count}} + 1" },
            },
            {
              id: "c1",
              type: "Condition",
              items: [
                {
                  id: "i1",
                  content: {
                    comparisons: [
                      { id: "k1", variableId: "v1", comparisonOperator: "Less than", value: "20" },
                    ],
                  },
                  outgoingEdgeId: "e1",
                },
              ],
            },
            textBlock("t1", "Counted to {{Count}}"),
          ],
        },
      ],
      edges: [{ id: "e1", from: { blockId: "c1", itemId: "i1" }, to: { groupId: "g1" } }],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.logs).toEqual([]);
    expect(getMessageTexts(chat.outcome)).toEqual(["Counted to 20"]);
    expect(chat.outcome.isCompleted).toBe(true);
  });

  it("runs linear flows of 3,000 and 10,000 groups to their end in one turn", async () => {
    for (const count of [3_000, 10_000]) {
      const chat = await startTestChat(createLinearFlow(count));
      const texts = getMessageTexts(chat.outcome);
      expect(texts).toHaveLength(count);
      expect(texts.at(-1)).toBe(`Bubble ${count - 1}`);
      expect(chat.outcome.response.logs).toEqual([]);
      expect(chat.outcome.isCompleted).toBe(true);
    }
  });

  it(`stops a turn after ${MAX_BLOCKS_PER_TURN.toLocaleString("en-US")} blocks when every round changes something`, async () => {
    // A new random id each round, without an exit: never the same state twice, never an input.
    const flow = createFlow({
      variables: [{ id: "v1", name: "Id" }],
      groups: [
        {
          id: "g1",
          title: "Forever",
          blocks: [
            {
              id: "s1",
              type: "Set variable",
              options: { variableId: "v1", type: "Random ID" },
              outgoingEdgeId: "e1",
            },
          ],
        },
      ],
      edges: [{ id: "e1", from: { blockId: "s1" }, to: { groupId: "g1" } }],
    });
    const chat = await startTestChat(flow);
    expect(chat.outcome.isCompleted).toBe(true);
    expect(chat.outcome.response.logs.map((log) => log.description)).toEqual([
      "The flow ran 100,000 blocks without asking anything; it was stopped",
    ]);
  });

  it("asks the runtime about the turn's time budget as it walks, and fails the turn as the runtime says", async () => {
    let checks = 0;
    const ports = {
      ...createTestPorts(),
      checkTurnBudget: () => {
        checks += 1;
        if (checks === 3) throw new Error("The turn's time budget ran out");
      },
    };
    await expect(startTestChat(createLinearFlow(3_000), { ports })).rejects.toThrow(
      "The turn's time budget ran out",
    );
    expect(checks).toBe(3);
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
