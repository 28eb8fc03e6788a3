import { describe, expect, it } from "vitest";
import type { Block } from "../blocks";
import type { BotDocument } from "../bot";
import type { Edge } from "../edge";
import { createSampleBlock } from "../testing/createSampleBlock";
import { checkFlow, type FlowCheckRule } from "./checkFlow";

const text = (id: string, words = "Hello") =>
  ({ id, type: "text", content: { richText: [{ type: "p", children: [{ text: words }] }] } }) as Block;
const textInput = (id: string, variableId = "v-name") => createSampleBlock("text input", { id, variableId });

/** Start → the first group; `groups` as [id, blocks]; `links` as [from block (or block:item), to group]. */
function createFlow(
  groups: [string, Block[]][],
  links: [string, string][] = [],
  extra: Partial<BotDocument> = {},
): BotDocument {
  const edges: Edge[] = [{ id: "e-start", from: { eventId: "start" }, to: { groupId: groups[0]![0] } }];
  const blocks = new Map(groups.flatMap(([, list]) => list.map((block) => [block.id, block] as const)));
  links.forEach(([from, to], index) => {
    const [blockId, itemId] = from.split(":") as [string, string | undefined];
    const id = `e-${index}`;
    edges.push({ id, from: itemId ? { blockId, itemId } : { blockId }, to: { groupId: to } });
    const block = blocks.get(blockId)!;
    if (!itemId) block.outgoingEdgeId = id;
    else if ("items" in block) {
      const item = (block.items as { id: string; outgoingEdgeId?: string }[]).find(
        (entry) => entry.id === itemId,
      );
      if (item) item.outgoingEdgeId = id;
    }
  });
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: groups.map(([id, list], index) => ({
      id,
      title: id,
      graphCoordinates: { x: index * 300, y: 0 },
      blocks: list,
    })),
    edges,
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-city", name: "City" },
    ],
    theme: {},
    settings: {},
    ...extra,
  };
}

const findingsOf = (document: BotDocument, rule: FlowCheckRule) =>
  checkFlow(document)
    .filter((finding) => finding.rule === rule)
    .map(({ severity, groupId, blockId }) => ({ severity, groupId, blockId }));

/** A flow every rule accepts: ask a name, greet by it, ask again in a loop through an input. */
function createCleanFlow() {
  return createFlow(
    [
      ["ask", [text("hi"), textInput("name")]],
      ["greet", [text("greet", "Nice to meet you {{Name}}"), textInput("again")]],
    ],
    [
      ["name", "greet"],
      ["again", "ask"],
    ],
  );
}

describe("checkFlow", () => {
  it("finds nothing in a sound flow", () => {
    expect(checkFlow(createCleanFlow())).toEqual([]);
  });

  it("UNREACHABLE_GROUP: a group nothing leads to, even through a jump or a loop", () => {
    const document = createFlow(
      [
        ["ask", [textInput("name"), { id: "jump", type: "Jump", options: { groupId: "jumped" } } as Block]],
        ["jumped", [text("j"), textInput("j-input")]],
        ["orphan", [text("lost"), textInput("orphan-input")]],
      ],
      [["j-input", "ask"]],
    );
    expect(findingsOf(document, "UNREACHABLE_GROUP")).toEqual([
      { severity: "warning", groupId: "orphan", blockId: undefined },
    ]);
  });

  it("INPUT_WITHOUT_WAY_FORWARD: an input ending its group with no edge, and choice options leading nowhere", () => {
    const choice = createSampleBlock("choice input", { id: "choice", variableId: "v-name" });
    const document = createFlow(
      [
        ["ask", [text("hi"), choice]],
        ["yes", [text("ok"), textInput("last")]],
      ],
      [["choice:choice-a", "yes"]],
    );
    expect(findingsOf(document, "INPUT_WITHOUT_WAY_FORWARD")).toEqual([
      { severity: "warning", groupId: "ask", blockId: "choice" },
      { severity: "warning", groupId: "yes", blockId: "last" },
    ]);
    expect(checkFlow(document).find((finding) => finding.blockId === "choice")?.message).toBe(
      "1 of this input's 2 options lead nowhere: the chat ends when the visitor picks one",
    );
  });

  it("VARIABLE_NEVER_SET: {{City}} and a condition on City read, never set nor defaulted", () => {
    const condition = createSampleBlock("Condition", { id: "cond", variableId: "v-city" });
    const document = createCleanFlow();
    document.groups[1]!.blocks.unshift(text("where", "Weather in {{City}}?"), condition);
    expect(findingsOf(document, "VARIABLE_NEVER_SET")).toEqual([
      { severity: "warning", groupId: "greet", blockId: "where" },
      { severity: "warning", groupId: "greet", blockId: "cond" },
    ]);
    document.variables[1]!.value = "Paris";
    expect(findingsOf(document, "VARIABLE_NEVER_SET")).toEqual([]);
  });

  it("JUMP_TO_MISSING_GROUP: a jump without a target or to a deleted group is an error", () => {
    const document = createCleanFlow();
    document.groups[1]!.blocks.push(
      { id: "jump-none", type: "Jump", options: {} } as Block,
      { id: "jump-gone", type: "Jump", options: { groupId: "deleted" } } as Block,
      { id: "jump-dynamic", type: "Jump", options: { groupId: "{{Name}}" } } as Block,
    );
    expect(findingsOf(document, "JUMP_TO_MISSING_GROUP")).toEqual([
      { severity: "error", groupId: "greet", blockId: "jump-none" },
      { severity: "error", groupId: "greet", blockId: "jump-gone" },
    ]);
  });

  it("LOOP_WITHOUT_INPUT: groups cycling without an input are an error, a warning when a condition may leave", () => {
    const endless = createFlow(
      [
        ["ask", [textInput("name")]],
        ["a", [text("ping")]],
        ["b", [text("pong")]],
      ],
      [
        ["name", "a"],
        ["ping", "b"],
        ["pong", "a"],
      ],
    );
    expect(findingsOf(endless, "LOOP_WITHOUT_INPUT")).toEqual([
      { severity: "error", groupId: "a", blockId: undefined },
      { severity: "error", groupId: "b", blockId: undefined },
    ]);
    const condition = createSampleBlock("Condition", { id: "cond", variableId: "v-name" });
    const guarded = createFlow(
      [
        ["ask", [textInput("name")]],
        ["a", [text("ping"), condition]],
      ],
      [
        ["name", "a"],
        ["cond", "a"],
      ],
    );
    expect(findingsOf(guarded, "LOOP_WITHOUT_INPUT")).toEqual([
      { severity: "warning", groupId: "a", blockId: undefined },
    ]);
    expect(findingsOf(createCleanFlow(), "LOOP_WITHOUT_INPUT")).toEqual([]);
  });

  it("BLOCK_NOT_ON_MESSAGING: browser-only blocks, only when messaging is on", () => {
    const document = createCleanFlow();
    document.groups[0]!.blocks.push(
      createSampleBlock("Redirect", { id: "redirect", variableId: "v-name" }),
      { id: "code", type: "Code", options: { content: "alert(1)" } } as Block,
      { id: "server-code", type: "Code", options: { content: "1", isExecutedOnClient: false } } as Block,
    );
    expect(findingsOf(document, "BLOCK_NOT_ON_MESSAGING")).toEqual([]);
    document.settings = { messaging: { isEnabled: true } };
    expect(findingsOf(document, "BLOCK_NOT_ON_MESSAGING")).toEqual([
      { severity: "warning", groupId: "ask", blockId: "redirect" },
      { severity: "warning", groupId: "ask", blockId: "code" },
    ]);
  });

  it("AI_TOOL_WITHOUT_DESCRIPTION: each tool and go-to-group path the model cannot tell apart", () => {
    const agent = createSampleBlock("AI agent", { id: "agent", variableId: "v-name" });
    const document = createCleanFlow();
    document.groups[1]!.blocks.push(agent);
    expect(findingsOf(document, "AI_TOOL_WITHOUT_DESCRIPTION")).toEqual([]);
    agent.items[0]!.description = " ";
    agent.options!.tools = agent.options!.tools!.map((tool) => ({ ...tool, description: undefined }));
    const messages = checkFlow(document)
      .filter((finding) => finding.rule === "AI_TOOL_WITHOUT_DESCRIPTION")
      .map((finding) => finding.message);
    expect(messages).toContain(
      'The tool "talk_to_a_human" has no description: the model cannot tell when to use it',
    );
    expect(messages.length).toBeGreaterThanOrEqual(2);
  });

  it("HANDOVER_WITHOUT_HUMAN_HANDOFF: a hand-over path that reaches no Talk to a human before the flow waits", () => {
    const handoff = (id: string) => createSampleBlock("Human handoff", { id, variableId: "v-name" });
    const agent = () => {
      const block = createSampleBlock("AI agent", { id: "agent", variableId: "v-name" });
      block.items = [
        { id: "agent-human", isHumanHandover: true, summaryVariableId: "v-city" },
        { id: "agent-plain", name: "go_shopping", description: "The visitor wants to buy" },
      ];
      return block;
    };
    const findings = (groups: [string, Block[]][], links: [string, string][]) =>
      checkFlow(createFlow(groups, links)).filter(
        (finding) => finding.rule === "HANDOVER_WITHOUT_HUMAN_HANDOFF",
      );
    // Through a text, then a jump, to the block: no finding (a plain path is never concerned).
    expect(
      findings(
        [
          ["ask", [agent()]],
          [
            "bridge",
            [text("wait-a-moment"), { id: "jump", type: "Jump", options: { groupId: "human" } } as Block],
          ],
          ["human", [text("intro"), handoff("handoff")]],
        ],
        [["agent:agent-human", "bridge"]],
      ),
    ).toEqual([]);
    // Unconnected, or an input before the handoff: one warning on the agent, naming the path's tool.
    expect(findings([["ask", [agent()]]], [])).toEqual([
      {
        rule: "HANDOVER_WITHOUT_HUMAN_HANDOFF",
        severity: "warning",
        message:
          'The hand-over path "hand_over_to_human" does not lead to a Talk to a human block: no conversation enters the inbox, and the summary is only saved in its variable',
        groupId: "ask",
        blockId: "agent",
      },
    ]);
    expect(
      findings(
        [
          ["ask", [agent()]],
          ["email", [textInput("email-first"), handoff("late-handoff")]],
        ],
        [["agent:agent-human", "email"]],
      ),
    ).toHaveLength(1);
    // A hand-over path needs no description of its own (it has one), so no AI_TOOL_WITHOUT_DESCRIPTION for it.
    const document = createFlow(
      [
        ["ask", [agent()]],
        ["human", [handoff("handoff")]],
      ],
      [["agent:agent-human", "human"]],
    );
    expect(findingsOf(document, "AI_TOOL_WITHOUT_DESCRIPTION")).toEqual([]);
  });
});
