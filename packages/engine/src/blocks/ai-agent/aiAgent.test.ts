import type { AiAgentBlock } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import type { AiAgentTurnRequest, AiAgentTurnResult } from "../../ports";
import { createFlow, createTestPorts, getMessageTexts, startTestChat } from "../../testing";

/**
 * The engine's side of the agent: what it asks the port (the conversation so far, the message) and what
 * it does with the port's answer. The port here answers from a script, as a runtime's port would from a
 * model; the port over real protocol servers is tested in packages/integrations and packages/chat.
 */
const scriptedPort = (answers: Partial<AiAgentTurnResult>[]) => {
  const requests: AiAgentTurnRequest[] = [];
  return {
    requests,
    port: {
      async runTurn(request: AiAgentTurnRequest): Promise<AiAgentTurnResult> {
        requests.push({ ...request, dialogue: [...request.dialogue] });
        const answer = answers.shift() ?? {};
        return {
          reply: "",
          sources: [],
          isFallback: false,
          variableUpdates: [],
          step: { type: "stay" },
          logs: [],
          ...answer,
        };
      },
    },
  };
};

const agentFlow = (options: AiAgentBlock["options"] = {}, outgoingEdgeId?: string) =>
  createFlow({
    groups: [
      {
        id: "g1",
        title: "Support",
        blocks: [
          {
            id: "agent",
            type: "AI agent",
            items: [{ id: "human", name: "talk_to_a_human", outgoingEdgeId: "e-human" }],
            options: {
              credentialsId: "c",
              replyVariableId: "v-reply",
              sourcesVariableId: "v-sources",
              ...options,
            },
            ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
          },
        ],
      },
      {
        id: "g2",
        title: "Human",
        blocks: [
          {
            id: "t-human",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "A person takes over ({{Reply}})" }] }] },
          },
        ],
      },
      {
        id: "g3",
        title: "After",
        blocks: [
          {
            id: "t-after",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "After" }] }] },
          },
        ],
      },
    ],
    edges: [
      { id: "e-human", from: { blockId: "agent", itemId: "human" }, to: { groupId: "g2" } },
      { id: "e-after", from: { blockId: "agent" }, to: { groupId: "g3" } },
    ],
    variables: [
      { id: "v-reply", name: "Reply" },
      { id: "v-sources", name: "Sources" },
      { id: "v-email", name: "Email" },
    ],
  });

describe("AI agent block", () => {
  it("says its opening message, then answers each message on the same block with the conversation so far", async () => {
    const { port, requests } = scriptedPort([
      {
        reply: "Returns are free within 30 days.",
        sources: [{ id: "s1", name: "Returns policy" }],
        variableUpdates: [{ variableId: "v-email", value: "ada@example.com" }],
      },
      { reply: "You are welcome." },
    ]);
    const chat = await startTestChat(agentFlow({ openingMessage: "Hello, how can I help?" }), {
      ports: { ...createTestPorts(), aiAgent: port },
    });
    expect(getMessageTexts(chat.outcome)).toEqual(["Hello, how can I help?"]);
    expect(chat.outcome.response.input).toMatchObject({ id: "agent", type: "text input" });
    const first = await chat.send("Can I return shoes?");
    expect(first.response.messages).toEqual([
      {
        id: "agent",
        type: "text",
        content: {
          type: "richText",
          richText: [{ type: "p", children: [{ text: "Returns are free within 30 days." }] }],
        },
        sources: [{ id: "s1", name: "Returns policy" }],
      },
    ]);
    expect(first.response.input).toMatchObject({ id: "agent", type: "text input" });
    const second = await chat.send("Thanks", "markdown");
    expect(second.response.messages).toEqual([
      { id: "agent", type: "text", content: { type: "markdown", markdown: "You are welcome." } },
    ]);
    expect(requests.map((request) => [request.message, request.dialogue])).toEqual([
      ["Can I return shoes?", [{ role: "assistant", content: "Hello, how can I help?" }]],
      [
        "Thanks",
        [
          { role: "assistant", content: "Hello, how can I help?" },
          { role: "user", content: "Can I return shoes?" },
          { role: "assistant", content: "Returns are free within 30 days." },
        ],
      ],
    ]);
    expect(chat.answers.map((answer) => [answer.blockId, answer.content])).toEqual([
      ["agent", "Can I return shoes?"],
      ["agent", "Thanks"],
    ]);
    expect(second.result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Reply", value: "You are welcome." }),
        expect.objectContaining({ name: "Email", value: "ada@example.com" }),
      ]),
    );
    expect(first.logsToPersist.map((record) => record.description)).toContain(
      "AI agent answered from 1 source: [1] Returns policy",
    );
  });

  it("waits for the visitor at once without an opening message, and follows a path's edge when the model takes it", async () => {
    const { port } = scriptedPort([
      { reply: "Let me find someone.", step: { type: "path", itemId: "human" } },
    ]);
    const chat = await startTestChat(agentFlow(), { ports: { ...createTestPorts(), aiAgent: port } });
    expect(chat.outcome.response.messages).toEqual([]);
    expect(chat.outcome.response.input).toMatchObject({ id: "agent", type: "text input" });
    const turn = await chat.send("I want a person");
    expect(getMessageTexts(turn)).toEqual([
      "Let me find someone.",
      "A person takes over (Let me find someone.)",
    ]);
    expect(turn.visitedEdges.map((edge) => edge.edgeId)).toEqual(["e-human"]);
    expect(turn.state.aiAgentDialogue).toBeUndefined();
    expect(turn.isCompleted).toBe(true);
  });

  it("ends the conversation when the model ends it", async () => {
    const { port } = scriptedPort([{ reply: "Goodbye!", step: { type: "end" } }]);
    const chat = await startTestChat(agentFlow({}, "e-after"), {
      ports: { ...createTestPorts(), aiAgent: port },
    });
    const turn = await chat.send("Bye");
    expect(getMessageTexts(turn)).toEqual(["Goodbye!"]);
    expect(turn.response.input).toBeNull();
    expect(turn.isCompleted).toBe(true);
  });

  it("after a fallback, stays by default and leaves along its own exit when set to", async () => {
    const fallback = { reply: "I don't know.", isFallback: true };
    const staying = await startTestChat(agentFlow({}, "e-after"), {
      ports: { ...createTestPorts(), aiAgent: scriptedPort([fallback]).port },
    });
    expect(getMessageTexts(await staying.send("?"))).toEqual(["I don't know."]);
    expect(staying.outcome.response.input).toMatchObject({ id: "agent" });
    const leaving = await startTestChat(agentFlow({ onFallback: "leave" }, "e-after"), {
      ports: { ...createTestPorts(), aiAgent: scriptedPort([fallback]).port },
    });
    expect(getMessageTexts(await leaving.send("?"))).toEqual(["I don't know.", "After"]);
  });

  it("answers its fallback text with an error log on a server without the agent's port", async () => {
    const chat = await startTestChat(agentFlow({ fallbackMessage: "Not now." }));
    const turn = await chat.send("Hello");
    expect(getMessageTexts(turn)).toEqual(["Not now."]);
    expect(turn.logsToPersist).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "The AI agent is not configured on this server",
      }),
    );
    expect(turn.response.input).toMatchObject({ id: "agent" });
  });

  it("a hand-over path: the summary goes to its variable and to the conversation the path's handoff opens", async () => {
    const summary = "Ada's shoes (order A-42) arrived damaged; she wants a refund.";
    const flow = agentFlow();
    const agent = flow.groups[0]?.blocks[0] as AiAgentBlock;
    agent.items = [
      { id: "human", isHumanHandover: true, summaryVariableId: "v-email", outgoingEdgeId: "e-human" },
    ];
    flow.groups[1]?.blocks.push({
      id: "handoff",
      type: "Human handoff",
      items: [{ id: "fb", path: "fallback" }],
    });
    const { port } = scriptedPort([
      { reply: "A person will help you.", step: { type: "path", itemId: "human", summary } },
    ]);
    const chat = await startTestChat(flow, { ports: { ...createTestPorts(), aiAgent: port } });
    const turn = await chat.send("I want a refund from a person");
    expect(turn.handoff.opened).toMatchObject({ blockId: "handoff", summary });
    expect(turn.result.variables).toContainEqual(expect.objectContaining({ name: "Email", value: summary }));
    expect(turn.state.waitingFor).toMatchObject({ action: "Human handoff" });
    // A plain path carries no summary: the conversation it may lead to has none.
    const plain = await startTestChat(
      (() => {
        const other = agentFlow();
        other.groups[1]?.blocks.push({
          id: "handoff",
          type: "Human handoff",
          items: [{ id: "fb", path: "fallback" }],
        });
        return other;
      })(),
      {
        ports: {
          ...createTestPorts(),
          aiAgent: scriptedPort([{ step: { type: "path", itemId: "human" } }]).port,
        },
      },
    );
    expect((await plain.send("A person please")).handoff.opened).toMatchObject({ summary: null });
  });
});
