import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

export const aiCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  /** Another endpoint speaking the same protocol (a proxy, Azure, a gateway); the key is only sent there. */
  baseUrl: baseUrlSchema.optional(),
});

const aiFields = (provider: string, baseUrlPlaceholder: string) => ({
  apiKey: {
    label: "API key",
    isSecret: true as const,
    hint: `The ${provider} API key; it cannot be read back once saved.`,
  },
  baseUrl: {
    label: "Base URL",
    placeholder: baseUrlPlaceholder,
    hint: "Only for a proxy or gateway; the key is sent there and nowhere else.",
  },
});

export const openAiCredentials = defineCredentials({
  type: "openai",
  schema: aiCredentialsDataSchema,
  label: "OpenAI",
  fields: aiFields("OpenAI", "https://api.openai.com/v1"),
});

export const anthropicCredentials = defineCredentials({
  type: "anthropic",
  schema: aiCredentialsDataSchema,
  label: "Anthropic",
  fields: aiFields("Anthropic", "https://api.anthropic.com"),
});

export const mistralCredentials = defineCredentials({
  type: "mistral",
  schema: aiCredentialsDataSchema,
  label: "Mistral",
  fields: aiFields("Mistral", "https://api.mistral.ai/v1"),
});

export const openAiCompatibleCredentialsDataSchema = z.object({
  /** Local servers (Ollama, vLLM, LM Studio) often need none. */
  apiKey: secretSchema.optional(),
  /** Up to the version segment, e.g. `https://api.groq.com/openai/v1` or `http://localhost:11434/v1`. */
  baseUrl: baseUrlSchema,
});

export const openAiCompatibleCredentials = defineCredentials({
  type: "openai-compatible",
  schema: openAiCompatibleCredentialsDataSchema,
  label: "OpenAI-compatible server",
  fields: {
    apiKey: { label: "API key", isSecret: true, hint: "Leave empty for servers without one." },
    baseUrl: {
      label: "Base URL",
      placeholder: "https://api.groq.com/openai/v1",
      hint: "Up to the version segment: Groq, Together, OpenRouter, DeepSeek, Ollama (http://host:11434/v1), vLLM, LM Studio.",
    },
  },
});
