import type { AiPort } from "@parley/engine";
import type { AiServices } from "./aiBlockContext";
import { executeAiBlock } from "./executeAiBlock";
import { providerKindOfBlockType } from "./resolveAiEndpoint";

/** The engine's AI port: `openai` (and the legacy `OpenAI`), `anthropic`, `mistral`, `openai-compatible`. */
export function createAiPort(services: AiServices): AiPort {
  return {
    blockTypes: Object.keys(providerKindOfBlockType),
    executeBlock: (request) => executeAiBlock(request, services),
  };
}
