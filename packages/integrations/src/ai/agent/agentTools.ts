import type { AiAgentTurnRequest } from "@parley/engine";
import { type AiAgentHttpTool, type AiAgentTool, getAiAgentPathToolName } from "@parley/schemas";
import type { ToolDefinition } from "../aiTypes";

/** What calling a tool does; the loop runs it with the model's arguments. */
export type AgentTool =
  | { kind: "searchKnowledge"; definition: ToolDefinition }
  | { kind: "noAnswer"; definition: ToolDefinition }
  | { kind: "httpRequest"; definition: ToolDefinition; tool: AiAgentHttpTool }
  | { kind: "setVariable"; definition: ToolDefinition; variableId: string }
  | { kind: "endConversation"; definition: ToolDefinition }
  | { kind: "path"; definition: ToolDefinition; itemId: string }
  | { kind: "handover"; definition: ToolDefinition; itemId: string };

export const SEARCH_KNOWLEDGE_TOOL = "search_knowledge";
export const NO_ANSWER_TOOL = "no_answer";
export const END_CONVERSATION_TOOL = "end_conversation";

const noParameters = { type: "object", properties: {} };

/** A hand-over path's one parameter: the summary the person taking over reads first. */
export const handoverParameters = {
  type: "object",
  properties: {
    summary: {
      type: "string",
      description:
        "A summary of the conversation for the person taking over: who the visitor is, what they need, what was tried and why a person is needed. A few sentences, in the visitor's language.",
    },
  },
  required: ["summary"],
};

/**
 * The tools the model is offered: `search_knowledge` and `no_answer` whenever the agent has knowledge bases,
 * then the author's tools and one per path. A name taken twice keeps its first tool (the second is logged).
 */
export function buildAgentTools(
  request: AiAgentTurnRequest,
  hasKnowledge: boolean,
): { tools: AgentTool[]; problems: string[] } {
  const options = request.block.options ?? {};
  const declared = options.tools ?? [];
  const tools: AgentTool[] = [];
  const problems: string[] = [];
  const add = (tool: AgentTool) => {
    if (tools.some((existing) => existing.definition.name === tool.definition.name))
      problems.push(`Two tools are named "${tool.definition.name}"; the second one is not offered`);
    else tools.push(tool);
  };
  if (hasKnowledge) {
    const custom = declared.find(
      (tool): tool is Extract<AiAgentTool, { type: "searchKnowledge" }> => tool.type === "searchKnowledge",
    );
    add({
      kind: "searchKnowledge",
      definition: {
        name: SEARCH_KNOWLEDGE_TOOL,
        description:
          custom?.description?.trim() ||
          "Searches the business's knowledge base and returns the passages that best match the query, each numbered by its source. Search before answering any question about the business.",
        parameters: {
          type: "object",
          properties: { query: { type: "string", description: "What to look for, in a few words" } },
          required: ["query"],
        },
      },
    });
    add({
      kind: "noAnswer",
      definition: {
        name: NO_ANSWER_TOOL,
        description:
          "Call this instead of answering when the knowledge base's passages do not contain the answer to the visitor's question.",
        parameters: noParameters,
      },
    });
  }
  for (const [index, tool] of declared.entries()) {
    switch (tool.type) {
      case "searchKnowledge":
        if (!hasKnowledge)
          problems.push("A search knowledge tool is declared but the agent has no knowledge base");
        break;
      case "httpRequest":
        if (!tool.url?.trim()) {
          problems.push(`The HTTP tool "${tool.name}" has no URL; it is not offered`);
          break;
        }
        add({
          kind: "httpRequest",
          tool,
          definition: {
            name: tool.name,
            description: tool.description?.trim() || `Calls ${tool.name}`,
            parameters: tool.parameters && tool.parameters.type === "object" ? tool.parameters : noParameters,
          },
        });
        break;
      case "setVariable": {
        const variable = request.variables.find((candidate) => candidate.id === tool.variableId);
        if (!variable) {
          problems.push(`A set variable tool has no variable of this bot; it is not offered`);
          break;
        }
        add({
          kind: "setVariable",
          variableId: variable.id,
          definition: {
            name: tool.name ?? `save_${toToolName(variable.name) || String(index + 1)}`,
            description: tool.description?.trim() || `Saves the visitor's ${variable.name}`,
            parameters: {
              type: "object",
              properties: { value: { type: "string", description: `The value of ${variable.name}` } },
              required: ["value"],
            },
          },
        });
        break;
      }
      case "endConversation":
        add({
          kind: "endConversation",
          definition: {
            name: END_CONVERSATION_TOOL,
            description:
              tool.description?.trim() ||
              "Ends the conversation, once the visitor has what they came for or says goodbye. Say goodbye in the same step.",
            parameters: noParameters,
          },
        });
        break;
    }
  }
  for (const [index, item] of request.block.items.entries()) {
    if (item.isHumanHandover) {
      add({
        kind: "handover",
        itemId: item.id,
        definition: {
          name: getAiAgentPathToolName(item, index),
          description:
            item.description?.trim() ||
            "Hands the conversation over to a person of the team, when the visitor asks for one or you cannot help. Tell the visitor in the same step.",
          parameters: handoverParameters,
        },
      });
      continue;
    }
    add({
      kind: "path",
      itemId: item.id,
      definition: {
        name: getAiAgentPathToolName(item, index),
        description:
          item.description?.trim() || `Hands the conversation over to the flow's path ${index + 1}`,
        parameters: noParameters,
      },
    });
  }
  return { tools, problems };
}

/** A variable's name as part of a tool name: letters, digits and `_` only. */
const toToolName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[^a-zA-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase()
    .slice(0, 50);
