import { describe, expect, it } from "vitest";
import { createFlow, createSingleGroupFlow, startTestChat, textBlock } from "../testing";
import type { FlowSnapshot } from "../types/flow";
import type { ReplayRequest } from "../types/replay";
import { replayTranscript } from "./replayTranscript";

/** The replay as lines: a bubble's block id, an input's `id=answer`. */
const replay = async (flow: FlowSnapshot, record: Partial<Omit<ReplayRequest, "flow">> = {}) => {
  const { entries, answeredCount } = await replayTranscript({
    flow,
    answers: [],
    visitedEdgeIds: [],
    variables: [],
    ...record,
  });
  const lines = entries.map((entry) =>
    entry.role === "bot" ? entry.block.id : `${entry.block.id}=${entry.content}`,
  );
  return { lines, answeredCount };
};

/** Asks a tier (VIP has its own group), then a name; a condition on the name welcomes Ada back. */
const branchingFlow = createFlow({
  variables: [{ id: "v-name", name: "Name" }],
  groups: [
    {
      id: "g-ask",
      title: "Ask",
      blocks: [
        textBlock("hello", "Hello"),
        {
          id: "tier",
          type: "choice input",
          items: [
            { id: "i-vip", content: "VIP", outgoingEdgeId: "e-vip" },
            { id: "i-std", content: "Standard" },
          ],
          outgoingEdgeId: "e-name",
        },
      ],
    },
    { id: "g-vip", title: "Vip", blocks: [textBlock("vip", "Lounge")] },
    {
      id: "g-name",
      title: "Name",
      blocks: [
        { id: "name", type: "text input", options: { variableId: "v-name" } },
        {
          id: "known",
          type: "Condition",
          items: [
            {
              id: "c-ada",
              outgoingEdgeId: "e-ada",
              content: {
                comparisons: [{ variableId: "v-name", comparisonOperator: "Equal to", value: "Ada" }],
              },
            },
          ],
          outgoingEdgeId: "e-stranger",
        },
      ],
    },
    { id: "g-ada", title: "Ada", blocks: [textBlock("welcome", "Welcome back")] },
    { id: "g-stranger", title: "Stranger", blocks: [textBlock("nice", "Nice to meet you")] },
  ],
  edges: [
    { id: "e-vip", from: { blockId: "tier", itemId: "i-vip" }, to: { groupId: "g-vip" } },
    { id: "e-name", from: { blockId: "tier" }, to: { groupId: "g-name" } },
    { id: "e-ada", from: { blockId: "known", itemId: "c-ada" }, to: { groupId: "g-ada" } },
    { id: "e-stranger", from: { blockId: "known" }, to: { groupId: "g-stranger" } },
  ],
});

describe("replayTranscript", () => {
  it("replays what a chat recorded: the same bubbles, each input with its answer", async () => {
    const chat = await startTestChat(branchingFlow);
    const turns = [chat.outcome, await chat.send("Standard"), await chat.send("Ada")];
    const { lines, answeredCount } = await replay(branchingFlow, {
      answers: chat.answers,
      visitedEdgeIds: turns.flatMap((turn) => turn.visitedEdges.map((edge) => edge.edgeId)),
    });
    expect(turns.flatMap((turn) => turn.visitedEdges.map((edge) => edge.edgeId))).toEqual(["e-ada"]);
    expect(lines).toEqual(["hello", "tier=Standard", "name=Ada", "welcome"]);
    expect(answeredCount).toBe(2);
  });

  it("branches by the recorded visited edges, not by recomputing: a choice item, a condition path", async () => {
    const answers = [
      { blockId: "tier", content: "Standard" },
      { blockId: "name", content: "Ada" },
    ];
    // The stored name says Bob, but the chat took Ada's path: the record decides.
    const recorded = await replay(branchingFlow, {
      answers,
      visitedEdgeIds: ["e-ada"],
      variables: [{ name: "Name", value: "Bob" }],
    });
    expect(recorded.lines).toEqual(["hello", "tier=Standard", "name=Ada", "welcome"]);
    // No recorded edge leaves the condition: its default path, even where the values would pass.
    const unrecorded = await replay(branchingFlow, { answers, variables: [{ name: "Name", value: "Ada" }] });
    expect(unrecorded.lines).toEqual(["hello", "tier=Standard", "name=Ada", "nice"]);
    const vip = await replay(branchingFlow, {
      answers: [{ blockId: "tier", content: "VIP" }],
      visitedEdgeIds: ["e-vip"],
    });
    expect(vip).toEqual({ lines: ["hello", "tier=VIP", "vip"], answeredCount: 1 });
  });

  it("follows the recorded A/B path; without one, the block's default path", async () => {
    const flow = createFlow({
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [
            {
              id: "ab",
              type: "AB test",
              options: { aPercent: 100 },
              items: [
                { id: "a", path: "a", outgoingEdgeId: "ea" },
                { id: "b", path: "b", outgoingEdgeId: "eb" },
              ],
            },
            textBlock("after", "after"),
          ],
        },
        { id: "ga", title: "A", blocks: [textBlock("in-a", "A")] },
        { id: "gb", title: "B", blocks: [textBlock("in-b", "B")] },
      ],
      edges: [
        { id: "ea", from: { blockId: "ab", itemId: "a" }, to: { groupId: "ga" } },
        { id: "eb", from: { blockId: "ab", itemId: "b" }, to: { groupId: "gb" } },
      ],
    });
    expect((await replay(flow, { visitedEdgeIds: ["eb"] })).lines).toEqual(["in-b"]);
    expect((await replay(flow)).lines).toEqual(["after"]);
  });

  it("jumps to a group named by a stored variable and returns after the jump", async () => {
    const flow = createFlow({
      variables: [{ id: "v-target", name: "Target" }],
      groups: [
        {
          id: "main",
          title: "Main",
          blocks: [
            textBlock("before", "before"),
            // Not run in a replay: the stored value of Target is the one the chat ended with.
            {
              id: "set",
              type: "Set variable",
              options: { variableId: "v-target", expressionToEvaluate: "Main" },
            },
            { id: "jump", type: "Jump", options: { groupId: "{{Target}}" } },
            textBlock("after", "after"),
            { id: "last", type: "text input" },
          ],
        },
        {
          id: "helper",
          title: "Helper",
          blocks: [
            { id: "in-helper", type: "text input" },
            { id: "ret", type: "Return" },
          ],
        },
      ],
    });
    const { lines, answeredCount } = await replay(flow, {
      answers: [
        { blockId: "in-helper", content: "first" },
        { blockId: "last", content: "second" },
      ],
      variables: [{ name: "Target", value: "Helper" }],
    });
    expect(lines).toEqual(["before", "in-helper=first", "after", "last=second"]);
    expect(answeredCount).toBe(2);
  });

  it("runs a group of the same bot through a link, then comes back after the link", async () => {
    const flow = createFlow({
      groups: [
        {
          id: "p",
          title: "Parent",
          blocks: [
            textBlock("p1", "parent"),
            { id: "link", type: "Bot link", options: { botId: "current", groupId: "sub" } },
            textBlock("p2", "back"),
          ],
        },
        { id: "sub", title: "Sub", blocks: [textBlock("s1", "in sub"), { id: "ask", type: "text input" }] },
      ],
    });
    expect((await replay(flow, { answers: [{ blockId: "ask", content: "yes" }] })).lines).toEqual([
      "p1",
      "s1",
      "ask=yes",
      "p2",
    ]);
  });

  it("stops at an input without a stored answer, or whose answer is not the next one", async () => {
    const flow = createSingleGroupFlow([
      textBlock("hi", "Hi"),
      { id: "a", type: "text input" },
      { id: "b", type: "text input" },
      textBlock("bye", "Bye"),
    ]);
    expect(await replay(flow, { answers: [{ blockId: "a", content: "1" }] })).toEqual({
      lines: ["hi", "a=1"],
      answeredCount: 1,
    });
    expect(await replay(flow, { answers: [{ blockId: "b", content: "2" }] })).toEqual({
      lines: ["hi"],
      answeredCount: 0,
    });
  });

  it("passes an optional file input the visitor skipped; a required one stops the replay", async () => {
    const flow = (isRequired: boolean) =>
      createSingleGroupFlow([
        { id: "file", type: "file input", options: { isRequired } },
        { id: "ask", type: "text input" },
      ]);
    const answers = [{ blockId: "ask", content: "done" }];
    expect((await replay(flow(false), { answers })).lines).toEqual(["ask=done"]);
    expect((await replay(flow(true), { answers })).lines).toEqual([]);
  });

  it("stops a flow that loops without an input", async () => {
    const flow = createFlow({
      groups: [
        { id: "g", title: "G", blocks: [{ ...textBlock("again", "Again"), outgoingEdgeId: "e-loop" }] },
      ],
      edges: [{ id: "e-loop", from: { blockId: "again" }, to: { groupId: "g" } }],
    });
    const { lines } = await replay(flow);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(5_000);
    expect(new Set(lines)).toEqual(new Set(["again"]));
  });
});

describe("a chat handed over to the inbox", () => {
  const flow = createSingleGroupFlow([
    { id: "name", type: "text input", options: { variableId: "v-name" } },
    textBlock("wait", "Someone will be with you"),
    { id: "handoff", type: "Human handoff", items: [{ id: "i-fallback", path: "fallback" }] },
    textBlock("back", "Back with the bot: {{Resolution}}"),
  ] as never);
  const answered = { answers: [{ blockId: "name", content: "Ada" }] };

  it("ends at the Human handoff block while the chat waits there (nothing after it was said yet)", async () => {
    expect(await replay(flow, { ...answered, isInHandoff: true })).toEqual({
      lines: ["name=Ada", "wait"],
      answeredCount: 1,
    });
  });

  it("goes on past it once the conversation is closed with resume", async () => {
    expect((await replay(flow, answered)).lines).toEqual(["name=Ada", "wait", "back"]);
  });
});
