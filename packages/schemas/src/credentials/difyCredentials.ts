import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** Dify's cloud API; a self-hosted Dify names its own address. */
export const defaultDifyApiEndpoint = "https://api.dify.ai";

/** A Dify app's API key (`app-…`) and the API it is served by. */
export const difyCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  apiEndpoint: baseUrlSchema.default(defaultDifyApiEndpoint),
});

export const difyCredentials = defineCredentials({
  type: "dify-ai",
  schema: difyCredentialsDataSchema,
  label: "Dify",
  fields: {
    apiKey: {
      label: "App API key",
      isSecret: true,
      placeholder: "app-…",
      hint: "Dify > your app > API Access > API Key.",
    },
    apiEndpoint: {
      label: "API endpoint",
      placeholder: defaultDifyApiEndpoint,
      hint: "Without /v1; change it only for a self-hosted Dify.",
    },
  },
});
