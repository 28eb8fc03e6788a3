import { anthropicBlock } from "@parley/schemas";
import type { AiProvider, ProviderEndpoint } from "./aiTypes";
import { createAnthropicProvider } from "./anthropicProtocol";
import { createOpenAiProtocolProvider } from "./openAiProtocol";

/** The providers' public endpoints, used when credentials name no other base URL. */
export const defaultBaseUrls = {
  openai: "https://api.openai.com/v1",
  mistral: "https://api.mistral.ai/v1",
  anthropic: "https://api.anthropic.com",
} as const;

export function createAiProvider(endpoint: ProviderEndpoint): AiProvider {
  if (endpoint.kind === anthropicBlock.type)
    return createAnthropicProvider({ ...endpoint, kind: endpoint.kind });
  return createOpenAiProtocolProvider({ ...endpoint, kind: endpoint.kind });
}
