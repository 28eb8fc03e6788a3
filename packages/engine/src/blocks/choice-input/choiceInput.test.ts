import { describe, expect, it } from "vitest";
import { createFlow, getInputItems, getMessageTexts, startTestChat, textBlock } from "../../testing";
import { matchMultipleChoices, matchSingleChoice } from "./matchChoiceReply";

const items = [
  { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
  { id: "i-yes-please", content: "Yes please", value: "YP" },
  { id: "i-no", content: "No {{Name}}" },
  {
    id: "i-vip",
    content: "VIP",
    displayCondition: {
      isEnabled: true,
      condition: {
        comparisons: [{ id: "c", variableId: "v-name", comparisonOperator: "Equal to", value: "Bob" }],
      },
    },
  },
];

const choiceFlow = (options: Record<string, unknown> = {}, name = "Ada") =>
  createFlow({
    variables: [
      { id: "v-name", name: "Name", value: name },
      { id: "v-choice", name: "Choice" },
      { id: "v-list", name: "Options", value: ["Red", "Green", "Red", ""] },
    ],
    groups: [
      {
        id: "g",
        title: "Choose",
        blocks: [
          { id: "q", type: "choice input", options: { variableId: "v-choice", ...options }, items },
          textBlock("t-default", "default path: {{Choice}}"),
        ],
      },
      { id: "g-yes", title: "Yes", blocks: [textBlock("t-yes", "yes path")] },
    ],
    edges: [{ id: "e-yes", from: { blockId: "q", itemId: "i-yes" }, to: { groupId: "g-yes" } }],
  });

describe("choice input", () => {
  it("shows items whose display condition holds, texts substituted", async () => {
    const chat = await startTestChat(choiceFlow());
    expect(getInputItems(chat.outcome.response.input)?.map((item) => item.content)).toEqual([
      "Yes",
      "Yes please",
      "No Ada",
    ]);
    const bob = await startTestChat(choiceFlow({}, "Bob"));
    expect(getInputItems(bob.outcome.response.input)?.map((item) => item.id)).toContain("i-vip");
  });

  it("follows the chosen item's edge and records it as visited", async () => {
    const chat = await startTestChat(choiceFlow());
    const next = await chat.send("yes");
    expect(getMessageTexts(next)).toEqual(["yes path"]);
    expect(next.visitedEdges).toEqual([{ resultId: "result-1", index: 0, edgeId: "e-yes" }]);
    expect(next.newAnswers[0]).toMatchObject({ itemId: "i-yes", content: "Yes" });
  });

  it("stores the value of an item that has one, and goes on in the group without an item edge", async () => {
    const chat = await startTestChat(choiceFlow());
    const next = await chat.send("yes PLEASE");
    expect(getMessageTexts(next)).toEqual(["default path: YP"]);
    expect(next.response.lastMessageNewFormat).toBe("Yes please");
  });

  it("matches by reply id and by 1-based position, reporting the label", async () => {
    const chat = await startTestChat(choiceFlow());
    const byId = await chat.send({ type: "text", text: "whatever", metadata: { replyId: "i-no" } });
    expect(getMessageTexts(byId)).toEqual(["default path: No Ada"]);
    const again = await startTestChat(choiceFlow());
    const byPosition = await again.send("3");
    expect(byPosition.response.lastMessageNewFormat).toBe("No Ada");
  });

  it("refuses a hidden item and an unknown reply", async () => {
    const chat = await startTestChat(choiceFlow());
    expect((await chat.send("VIP")).response.input?.id).toBe("q");
    expect((await chat.send("maybe")).newAnswers).toEqual([]);
  });

  it("multiple choice joins the chosen values and follows the block's path", async () => {
    const chat = await startTestChat(choiceFlow({ isMultipleChoice: true }));
    const next = await chat.send("Yes please, No Ada, 1");
    expect(getMessageTexts(next)).toEqual(["default path: Yes, YP, No Ada"]);
    expect(next.response.lastMessageNewFormat).toBe("Yes, Yes please, No Ada");
    expect(next.visitedEdges).toEqual([]);
  });

  it("builds de-duplicated items from a list variable", async () => {
    const chat = await startTestChat(choiceFlow({ dynamicVariableId: "v-list" }));
    expect(getInputItems(chat.outcome.response.input)).toEqual([
      { id: "choice0", content: "Red" },
      { id: "choice1", content: "Green" },
    ]);
    expect(getMessageTexts(await chat.send("green"))).toEqual(["default path: Green"]);
  });
});

describe("matching replies", () => {
  const candidates = [
    { id: "a", label: "Yes" },
    { id: "b", label: "Yes please" },
    { id: "c", label: "Maybe", value: "m" },
  ];
  it("single: longest label first, values, ids, positions", () => {
    expect(matchSingleChoice(candidates, " yes please ")?.id).toBe("b");
    expect(matchSingleChoice(candidates, "M")?.id).toBe("c");
    expect(matchSingleChoice(candidates, "a")?.id).toBe("a");
    expect(matchSingleChoice(candidates, "2")?.id).toBe("b");
    expect(matchSingleChoice(candidates, "nope")).toBeUndefined();
  });
  it("multiple: whole phrases only, in display order", () => {
    expect(matchMultipleChoices(candidates, "Maybe, Yes please").map((c) => c.id)).toEqual(["b", "c"]);
    expect(matchMultipleChoices(candidates, "Yes, yes please").map((c) => c.id)).toEqual(["a", "b"]);
    expect(matchMultipleChoices(candidates, "Yesterday")).toEqual([]);
  });
});
