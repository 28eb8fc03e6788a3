import { describe, expect, it } from "vitest";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../../testing";

const flow = (age: string) =>
  createFlow({
    variables: [{ id: "age", name: "Age", value: age }],
    groups: [
      {
        id: "g",
        title: "Check",
        blocks: [
          {
            id: "cond",
            type: "Condition",
            items: [
              {
                id: "adult",
                outgoingEdgeId: "e-adult",
                content: {
                  comparisons: [
                    { id: "c1", variableId: "age", comparisonOperator: "Greater or equal to", value: "18" },
                  ],
                },
              },
              {
                id: "child-no-edge",
                content: {
                  comparisons: [{ id: "c2", variableId: "age", comparisonOperator: "Less than", value: "5" }],
                },
              },
            ],
          },
          textBlock("else", "else branch"),
        ],
      },
      { id: "g-adult", title: "Adult", blocks: [textBlock("a", "adult branch")] },
    ],
    edges: [{ id: "e-adult", from: { blockId: "cond", itemId: "adult" }, to: { groupId: "g-adult" } }],
  });

describe("Condition block", () => {
  it("follows the first passing item's edge and records it", async () => {
    const chat = await startTestChat(flow("30"));
    expect(getMessageTexts(chat.outcome)).toEqual(["adult branch"]);
    expect(chat.outcome.visitedEdges).toEqual([{ resultId: "result-1", index: 0, edgeId: "e-adult" }]);
  });

  it("goes on with the next block when nothing passes", async () => {
    const chat = await startTestChat(flow("10"));
    expect(getMessageTexts(chat.outcome)).toEqual(["else branch"]);
  });

  it("ends the path when the passing item has no edge", async () => {
    const chat = await startTestChat(flow("3"));
    expect(chat.outcome.response.messages).toEqual([]);
    expect(chat.outcome.isCompleted).toBe(true);
  });
});
