import { AI_AGENT_STEP_LOG } from "@parley/engine";
import { describe, expect, it } from "vitest";
import { agentStepLogDescription, readAgentStepLogs } from "./previewAgentSteps";

describe("readAgentStepLogs", () => {
  it("reads the steps of an agent turn from a preview's logs, in order, and nothing else", () => {
    expect(agentStepLogDescription).toBe(AI_AGENT_STEP_LOG);
    const search = { type: "retrieval", step: 1, query: "returns", passages: [] };
    const call = {
      type: "toolCall",
      step: 1,
      name: "search_knowledge",
      arguments: { query: "returns" },
      result: "No passage matches this query.",
    };
    expect(
      readAgentStepLogs([
        { description: AI_AGENT_STEP_LOG, details: JSON.stringify(search) },
        { description: "AI agent answered" },
        { description: AI_AGENT_STEP_LOG, details: "{not json" },
        { description: AI_AGENT_STEP_LOG, details: JSON.stringify({ type: "other" }) },
        { description: AI_AGENT_STEP_LOG, details: JSON.stringify(call) },
      ]),
    ).toEqual([search, call]);
  });
});
