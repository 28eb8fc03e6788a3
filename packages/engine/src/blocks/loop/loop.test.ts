import { describe, expect, it } from "vitest";
import {
  createFlow,
  createTestPorts,
  type DraftBlock,
  type FlowDraft,
  getMessageTexts,
  startTestChat,
  textBlock,
} from "../../testing";

const variables = (list: (string | null)[] | string | null) => [
  { id: "list", name: "Fruits", value: list },
  { id: "item", name: "Fruit" },
  { id: "index", name: "Position" },
];

/** Main: "before", the loop over {{Fruits}} running "Each", "after". */
const loopFlow = (
  list: (string | null)[] | string | null,
  eachBlocks: DraftBlock[] = [textBlock("e1", "{{Position}}. {{Fruit}}")],
  loopOptions: Record<string, unknown> = {},
  more: Pick<FlowDraft, "id" | "botId" | "edges"> & {
    groups?: FlowDraft["groups"];
    variables?: FlowDraft["variables"];
  } = {},
) =>
  createFlow({
    ...more,
    variables: [...variables(list), ...(more.variables ?? [])],
    edges: more.edges ?? [],
    groups: [
      {
        id: "main",
        title: "Main",
        blocks: [
          textBlock("m1", "before"),
          {
            id: "loop",
            type: "Loop",
            options: {
              listVariableId: "list",
              itemVariableId: "item",
              indexVariableId: "index",
              groupId: "each",
              ...loopOptions,
            },
          },
          textBlock("m2", "after, last {{Fruit}}"),
        ],
      },
      { id: "each", title: "Each", blocks: eachBlocks },
      ...(more.groups ?? []),
    ],
  });

describe("Loop", () => {
  it("skips an empty list and goes on", async () => {
    const chat = await startTestChat(loopFlow([]));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "after, last "]);
    expect(chat.outcome.isCompleted).toBe(true);
  });

  it("skips an unset list variable", async () => {
    const chat = await startTestChat(loopFlow(null));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "after, last "]);
  });

  it("runs the group once for a list of one item", async () => {
    const chat = await startTestChat(loopFlow(["apple"]));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "1. apple", "after, last apple"]);
  });

  it("treats a plain value as a list of one", async () => {
    const chat = await startTestChat(loopFlow("pear"));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "1. pear", "after, last pear"]);
  });

  it("runs the group once per item, in order, for 100 items", async () => {
    const items = Array.from({ length: 100 }, (_, index) => `fruit ${index + 1}`);
    const chat = await startTestChat(loopFlow(items));
    const texts = getMessageTexts(chat.outcome);
    expect(texts).toHaveLength(102);
    expect(texts[1]).toBe("1. fruit 1");
    expect(texts[100]).toBe("100. fruit 100");
    expect(texts.at(-1)).toBe("after, last fruit 100");
    expect(chat.outcome.response.logs).toEqual([]);
  });

  it("stops at the iteration cap with a log and goes on", async () => {
    const chat = await startTestChat(loopFlow(["a", "b", "c", "d", "e"], undefined, { maxIterations: 3 }));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "1. a", "2. b", "3. c", "after, last c"]);
    expect(chat.outcome.response.logs).toEqual([
      expect.objectContaining({
        status: "error",
        description: "The loop stopped after 3 iterations (its maximum); the flow goes on",
      }),
    ]);
  });

  it("caps at 100 iterations by default", async () => {
    const items = Array.from({ length: 150 }, (_, index) => String(index));
    const chat = await startTestChat(loopFlow(items, [textBlock("e1", "{{Fruit}}")]));
    expect(getMessageTexts(chat.outcome)).toHaveLength(102);
    expect(chat.outcome.response.logs[0]?.description).toContain("after 100 iterations");
  });

  it("pauses at an input inside the group and resumes with the next item across turns", async () => {
    const flow = loopFlow(
      ["apple", "kiwi"],
      [
        textBlock("e1", "How many {{Fruit}}?"),
        { id: "ask", type: "text input", options: { variableId: "count" } },
        textBlock("e2", "{{Count}} {{Fruit}} noted"),
      ],
      {},
      { variables: [{ id: "count", name: "Count" }] },
    );
    const chat = await startTestChat(flow);
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "How many apple?"]);
    const second = await chat.send("3");
    expect(getMessageTexts(second)).toEqual(["3 apple noted", "How many kiwi?"]);
    const third = await chat.send("5");
    expect(getMessageTexts(third)).toEqual(["5 kiwi noted", "after, last kiwi"]);
    expect(third.isCompleted).toBe(true);
    expect(chat.answers.map((answer) => answer.content)).toEqual(["3", "5"]);
  });

  it("follows the group's own exit before taking the next item", async () => {
    const flow = loopFlow(
      ["x", "y"],
      [{ ...textBlock("e1", "each {{Fruit}}"), outgoingEdgeId: "to-tail" }],
      {},
      {
        groups: [{ id: "tail", title: "Tail", blocks: [textBlock("t1", "tail {{Position}}")] }],
        edges: [{ id: "to-tail", from: { blockId: "e1" }, to: { groupId: "tail" } }],
      },
    );
    const chat = await startTestChat(flow);
    expect(getMessageTexts(chat.outcome)).toEqual([
      "before",
      "each x",
      "tail 1",
      "each y",
      "tail 2",
      "after, last y",
    ]);
  });

  it("logs a missing group and goes on", async () => {
    const chat = await startTestChat(loopFlow(["a"], undefined, { groupId: "nowhere" }));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "after, last "]);
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      description: "Loop group not found",
    });
  });

  it("runs inside a linked bot and returns to the parent when done", async () => {
    const child = loopFlow(
      ["red", "blue"],
      [
        textBlock("e1", "colour {{Fruit}}?"),
        { id: "ask", type: "text input", options: { variableId: "answer" } },
      ],
    );
    Object.assign(child, { id: "child-v1", botId: "child" });
    child.variables.push({ id: "answer", name: "Answer" });
    const parent = createFlow({
      groups: [
        {
          id: "p",
          title: "Parent",
          blocks: [
            textBlock("p1", "parent"),
            { id: "link", type: "Bot link", options: { botId: "child" } },
            textBlock("p2", "back in parent"),
          ],
        },
      ],
    });
    const chat = await startTestChat(parent, { ports: createTestPorts({ bots: [child] }) });
    expect(getMessageTexts(chat.outcome)).toEqual(["parent", "before", "colour red?"]);
    expect(getMessageTexts(await chat.send("yes"))).toEqual(["colour blue?"]);
    const last = await chat.send("no");
    expect(getMessageTexts(last)).toEqual(["after, last blue", "back in parent"]);
    expect(last.isCompleted).toBe(true);
  });
});
