import { createGreetingFlow, createNoInputFlow, text } from "@parley/chat/testing/testFlows";
import { createFlow, type FlowDraft } from "@parley/engine/testing";
import { describe, expect, it } from "vitest";
import { computeTranscript, type TranscriptInput } from "./computeTranscript";

const group = (id: string, blocks: unknown[], title = id) => ({
  id,
  title,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});
const edge = (id: string, from: Record<string, string>, toGroupId: string) => ({
  id,
  from,
  to: { groupId: toGroupId },
});
const start = { id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } };

async function transcriptOf(
  flow: { groups: unknown[]; edges: unknown[]; events: unknown[]; variables: unknown[] },
  input: Partial<TranscriptInput>,
) {
  // Typed without parsing, as the results router hands a stored version to the engine.
  const entries = await computeTranscript(createFlow(flow as unknown as FlowDraft), {
    answers: [],
    visitedEdgeIds: [],
    variables: [],
    ...input,
  });
  return entries.map((entry) => `${entry.role}:${entry.text}`);
}

/**
 * Asks a tier (choice: "VIP" leads to its own group), then a condition on the tier: VIP jumps to a
 * media group without inputs and returns; else a plain group. Both end in a closing group.
 */
const branchingFlow = {
  events: [start],
  variables: [
    { id: "v-tier", name: "Tier" },
    { id: "v-name", name: "Name" },
    { id: "v-destination", name: "Destination" },
  ],
  groups: [
    group("g-ask", [
      text("b-hi", "Hi {{Name}}, which tier?"),
      {
        id: "b-tier",
        type: "choice input",
        options: { variableId: "v-tier" },
        items: [
          { id: "i-vip", content: "VIP", outgoingEdgeId: "e-vip-choice" },
          { id: "i-std", content: "Standard" },
        ],
        outgoingEdgeId: "e-check",
      },
    ]),
    group("g-vip-choice", [text("b-vip-thanks", "Great choice"), { id: "b-go", type: "Jump", options: {} }]),
    group("g-check", [
      {
        id: "b-cond",
        type: "Condition",
        items: [{ id: "c-vip", outgoingEdgeId: "e-vip", content: {} }],
        outgoingEdgeId: "e-plain",
      },
    ]),
    group("g-vip", [
      text("b-vip", "Welcome to the lounge"),
      { id: "b-jump", type: "Jump", options: { groupId: "{{Destination}}" } },
      text("b-back", "Back from the tour"),
      { id: "b-feedback", type: "text input", options: {} },
      { id: "b-to-end", type: "Jump", options: { groupId: "g-end" } },
    ]),
    group(
      "g-media-id",
      [
        { id: "b-img", type: "image", content: { url: "https://example.test/{{Tier}}.png" } },
        { id: "b-empty-img", type: "image", content: {} },
        { id: "b-ret", type: "Return" },
      ],
      "g-media-title",
    ),
    group("g-plain", [
      text("b-plain", "Standard it is"),
      { id: "b-feedback-2", type: "text input" },
      { id: "b-to-end-2", type: "Jump", options: { groupId: "g-end" } },
    ]),
    group("g-end", [text("b-bye", "Bye {{Name}}, see you {{When}}")]),
  ],
  edges: [
    edge("e-start", { eventId: "start" }, "g-ask"),
    edge("e-vip-choice", { blockId: "b-tier", itemId: "i-vip" }, "g-vip-choice"),
    edge("e-check", { blockId: "b-tier" }, "g-check"),
    edge("e-vip", { blockId: "b-cond", itemId: "c-vip" }, "g-vip"),
    edge("e-plain", { blockId: "b-cond" }, "g-plain"),
  ],
};

describe("computeTranscript", () => {
  it("places an AI agent's conversation: each visitor message, then the agent's answer with its sources, then its path", async () => {
    const flow = {
      events: [start],
      variables: [],
      groups: [
        group("g-agent", [
          text("b-hello", "Welcome"),
          {
            id: "b-agent",
            type: "AI agent",
            items: [{ id: "i-human", name: "human", outgoingEdgeId: "e-human" }],
            options: {},
          },
        ]),
        group("g-human", [text("b-human", "A person takes over"), { id: "b-ask", type: "text input" }]),
      ],
      edges: [
        edge("e-start", { eventId: "start" }, "g-agent"),
        edge("e-human", { blockId: "b-agent", itemId: "i-human" }, "g-human"),
      ],
    };
    const answers = [
      { blockId: "b-agent", content: "Can I return shoes?" },
      { blockId: "b-agent", content: "Thanks" },
      { blockId: "b-agent", content: "A person please" },
      { blockId: "b-ask", content: "Hello" },
    ];
    const agentAnswers = [
      {
        answerIndex: 0,
        blockId: "b-agent",
        text: "Yes, within 30 days [1].",
        sources: [{ name: "Returns policy" }],
      },
      { answerIndex: 1, blockId: "b-agent", text: "You're welcome.", sources: [] },
    ];
    expect(await transcriptOf(flow, { answers, agentAnswers, visitedEdgeIds: ["e-human"] })).toEqual([
      "bot:Welcome",
      "user:Can I return shoes?",
      "bot:Yes, within 30 days [1].\n\nSources: 1. Returns policy",
      "user:Thanks",
      "bot:You're welcome.",
      "user:A person please",
      "bot:A person takes over",
      "user:Hello",
    ]);
  });

  it("replays a whole conversation: bubbles after the last answer, variables filled in where known", async () => {
    const transcript = await transcriptOf(createGreetingFlow(), {
      answers: [
        { blockId: "b-name", content: "Ada" },
        { blockId: "b-email", content: "ada@example.test" },
      ],
      variables: [
        { name: "Name", value: "Ada" },
        { name: "Email", value: null },
      ],
    });
    expect(transcript).toEqual([
      "bot:Hello Ada!",
      "user:Ada",
      "user:ada@example.test",
      "bot:Bye Ada, we will write to {{Email}}.",
    ]);
  });

  it("stops at the input the visitor has not answered yet", async () => {
    const transcript = await transcriptOf(createGreetingFlow(), {
      answers: [{ blockId: "b-name", content: "Ada" }],
    });
    expect(transcript).toEqual(["bot:Hello {{Name}}!", "user:Ada"]);
  });

  it("shows the bubbles of a flow without inputs, and of a result with no answer yet", async () => {
    expect(await transcriptOf(createNoInputFlow(), {})).toEqual(["bot:One", "bot:Two"]);
    expect(await transcriptOf(createGreetingFlow(), {})).toEqual(["bot:Hello {{Name}}!"]);
  });

  it("follows recorded condition paths, jumps, returns and groups without inputs to the closing message", async () => {
    const transcript = await transcriptOf(branchingFlow, {
      answers: [
        { blockId: "b-tier", content: "Standard" },
        { blockId: "b-feedback", content: "Lovely" },
      ],
      visitedEdgeIds: ["e-vip"],
      variables: [
        { name: "Tier", value: ["gold", null, "vip"] },
        { name: "Name", value: "Ada" },
        { name: "Destination", value: "g-media-title" },
      ],
    });
    expect(transcript).toEqual([
      "bot:Hi Ada, which tier?",
      "user:Standard",
      "bot:Welcome to the lounge",
      "bot:Image: https://example.test/gold, vip.png",
      "bot:Back from the tour",
      "user:Lovely",
      "bot:Bye Ada, see you {{When}}",
    ]);
  });

  it("takes the default path where no visited edge leaves the block, and a chosen item's edge", async () => {
    const plain = await transcriptOf(branchingFlow, {
      answers: [
        { blockId: "b-tier", content: "Standard" },
        { blockId: "b-feedback-2", content: "Fine" },
      ],
    });
    expect(plain).toEqual([
      "bot:Hi {{Name}}, which tier?",
      "user:Standard",
      "bot:Standard it is",
      "user:Fine",
      "bot:Bye {{Name}}, see you {{When}}",
    ]);
    // The chosen item's edge leads to a group whose jump has no target: that path ends there.
    const chosen = await transcriptOf(branchingFlow, {
      answers: [{ blockId: "b-tier", content: "VIP" }],
      visitedEdgeIds: ["e-vip-choice"],
    });
    expect(chosen).toEqual(["bot:Hi {{Name}}, which tier?", "user:VIP", "bot:Great choice"]);
  });

  it("shows every stored answer when the flow no longer matches (edited since, edge not found)", async () => {
    const edited = createGreetingFlow();
    edited.edges = [];
    expect(
      await transcriptOf(edited, {
        answers: [
          { blockId: "b-name", content: "Ada" },
          { blockId: "b-email", content: "ada@example.test" },
          { blockId: "b-removed", content: "kept" },
        ],
      }),
    ).toEqual(["bot:Hello {{Name}}!", "user:Ada", "user:ada@example.test", "user:kept"]);

    const transcript = await transcriptOf(branchingFlow, {
      answers: [
        { blockId: "b-tier", content: "Standard" },
        { blockId: "b-feedback", content: "Lovely" },
      ],
      visitedEdgeIds: ["e-gone"],
    });
    expect(transcript).toEqual([
      "bot:Hi {{Name}}, which tier?",
      "user:Standard",
      "bot:Standard it is",
      "bot:Welcome to the lounge",
      "bot:Back from the tour",
      "user:Lovely",
    ]);
  });

  it("stops a flow that loops without asking anything", async () => {
    const looping = {
      events: [start],
      variables: [],
      groups: [group("g-loop", [{ ...text("b-again", "Again"), outgoingEdgeId: "e-loop" }])],
      edges: [
        edge("e-start", { eventId: "start" }, "g-loop"),
        edge("e-loop", { blockId: "b-again" }, "g-loop"),
      ],
    };
    const transcript = await transcriptOf(looping, {});
    expect(transcript.length).toBeGreaterThan(1);
    expect(transcript.length).toBeLessThanOrEqual(5_000);
    expect(new Set(transcript)).toEqual(new Set(["bot:Again"]));
  });
});
