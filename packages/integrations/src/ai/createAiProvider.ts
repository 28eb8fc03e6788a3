import type { AiProvider, ProviderEndpoint } from "./aiTypes";
import { createAnthropicProvider } from "./anthropicProtocol";
import { createOpenAiProtocolProvider } from "./openAiProtocol";

/** The provider of an endpoint, by the protocol its kind's definition names. */
export function createAiProvider(endpoint: ProviderEndpoint): AiProvider {
  const { protocol } = endpoint;
  return protocol.name === "anthropicMessages"
    ? createAnthropicProvider(endpoint)
    : createOpenAiProtocolProvider(endpoint, protocol);
}
