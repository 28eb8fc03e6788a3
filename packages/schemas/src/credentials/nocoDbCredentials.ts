import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** NocoDB's cloud; a self-hosted NocoDB names its own address. */
export const defaultNocoDbBaseUrl = "https://app.nocodb.com";

/** A NocoDB API token (sent as `xc-token`) and the instance it belongs to. */
export const nocoDbCredentialsDataSchema = z.object({
  baseUrl: baseUrlSchema.default(defaultNocoDbBaseUrl),
  apiKey: secretSchema,
});

export const nocoDbCredentials = defineCredentials({
  type: "nocodb",
  schema: nocoDbCredentialsDataSchema,
  label: "NocoDB",
  fields: {
    baseUrl: {
      label: "Base URL",
      placeholder: defaultNocoDbBaseUrl,
      hint: "Change it only for a self-hosted NocoDB.",
    },
    apiKey: {
      label: "API token",
      isSecret: true,
      hint: "NocoDB > Account settings > Tokens > Create new token.",
    },
  },
});
