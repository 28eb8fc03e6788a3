import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** ElevenLabs' API. */
export const defaultElevenLabsApiUrl = "https://api.elevenlabs.io";

/** An ElevenLabs account's API key (sent as `xi-api-key`) and the API it is served by. */
export const elevenLabsCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  apiUrl: baseUrlSchema.default(defaultElevenLabsApiUrl),
});

export const elevenLabsCredentials = defineCredentials({
  type: "elevenlabs",
  schema: elevenLabsCredentialsDataSchema,
  label: "ElevenLabs",
  fields: {
    apiKey: {
      label: "API key",
      isSecret: true,
      hint: "ElevenLabs > your profile > API keys.",
    },
    apiUrl: {
      label: "API address",
      placeholder: defaultElevenLabsApiUrl,
      hint: "Without /v1; https://api.eu.residency.elevenlabs.io for EU data residency.",
    },
  },
});
