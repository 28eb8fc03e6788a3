import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** ChatNode's public API (its bots answer under `/v1/{botId}`). */
export const defaultChatNodeApiUrl = "https://api.public.chatnode.ai";

/** A ChatNode account's API key and the API it is served by. */
export const chatNodeCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  apiUrl: baseUrlSchema.default(defaultChatNodeApiUrl),
});

export const chatNodeCredentials = defineCredentials({
  type: "chat-node",
  schema: chatNodeCredentialsDataSchema,
  label: "ChatNode",
  fields: {
    apiKey: {
      label: "API key",
      isSecret: true,
      hint: "ChatNode > your account > API keys.",
    },
    apiUrl: {
      label: "API address",
      placeholder: defaultChatNodeApiUrl,
      hint: "Without /v1; leave the default unless ChatNode gave you another address.",
    },
  },
});
