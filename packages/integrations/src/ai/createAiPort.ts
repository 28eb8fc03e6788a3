import type { AiPort } from "@parley/engine";
import { aiBlockTypes } from "@parley/schemas";
import type { AiServices } from "./aiBlockContext";
import { executeAiBlock } from "./executeAiBlock";

/** The engine's AI port: every kind whose definition has `ai` facts. */
export function createAiPort(services: AiServices): AiPort {
  return {
    blockTypes: aiBlockTypes,
    executeBlock: (request) => executeAiBlock(request, services),
  };
}
