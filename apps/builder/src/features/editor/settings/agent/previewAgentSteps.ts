import type { AiAgentRunStep } from "@parley/integrations/ai/agent/agentRunSteps";

/** `AI_AGENT_STEP_LOG` of the engine (kept here so the builder's client bundle does not load the engine). */
export const agentStepLogDescription = "AI agent step";

const stepTypes = new Set<AiAgentRunStep["type"]>(["modelText", "toolCall", "retrieval", "answer"]);

/** The agent steps a preview response's logs carry, in order; other logs, and details that do not parse, are skipped. */
export function readAgentStepLogs(
  logs: readonly { description: string; details?: string | null }[],
): AiAgentRunStep[] {
  const steps: AiAgentRunStep[] = [];
  for (const log of logs) {
    if (log.description !== agentStepLogDescription || !log.details) continue;
    try {
      const step = JSON.parse(log.details) as AiAgentRunStep;
      if (typeof step === "object" && step !== null && stepTypes.has(step.type)) steps.push(step);
    } catch {
      // A log that is not a step's JSON is not shown as one.
    }
  }
  return steps;
}
