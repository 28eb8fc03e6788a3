import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** Cal.com's cloud: where the booking embed is served from. A self-hosted Cal.com names its own origin. */
export const defaultCalComBaseUrl = "https://cal.com";
/** Cal.com's HTTP API (v2). */
export const defaultCalComApiUrl = "https://api.cal.com";

/**
 * A Cal.com account: the origin its booking pages are served from (Typebot's only field, "Base origin"), and
 * for availability an API key (sent as a Bearer token) with the API it is served by.
 */
export const calComCredentialsDataSchema = z.object({
  baseUrl: baseUrlSchema.default(defaultCalComBaseUrl),
  apiKey: secretSchema.optional(),
  apiUrl: baseUrlSchema.default(defaultCalComApiUrl),
});

export const calComCredentials = defineCredentials({
  type: "cal-com",
  schema: calComCredentialsDataSchema,
  label: "Cal.com",
  fields: {
    baseUrl: {
      label: "Base origin",
      placeholder: defaultCalComBaseUrl,
      hint: "Change it only for a self-hosted Cal.com (the address its booking pages are served from).",
    },
    apiKey: {
      label: "API key",
      isSecret: true,
      hint: "Only for availability: Cal.com > Settings > Developer > API keys (cal_live_…).",
    },
    apiUrl: {
      label: "API address",
      placeholder: defaultCalComApiUrl,
      hint: "Without /v2; a self-hosted Cal.com's API address.",
    },
  },
});
