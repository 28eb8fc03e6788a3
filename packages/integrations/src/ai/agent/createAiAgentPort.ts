import type { AiAgentPort } from "@parley/engine";
import type { AiServices } from "../aiBlockContext";
import { runAiAgentTurn } from "./runAiAgentTurn";

/** The engine's AI agent port: model steps, knowledge searches and tools, inside the turn's time budget. */
export function createAiAgentPort(services: AiServices): AiAgentPort {
  return { runTurn: (request) => runAiAgentTurn(request, services) };
}
