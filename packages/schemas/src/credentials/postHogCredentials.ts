import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** PostHog's US cloud ingestion host (the EU cloud is `https://eu.i.posthog.com`). */
export const defaultPostHogHost = "https://us.i.posthog.com";

/** A PostHog project: its project API key (the public `phc_…` key events are sent with) and host. */
export const postHogCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  host: baseUrlSchema.default(defaultPostHogHost),
});

export const postHogCredentials = defineCredentials({
  type: "posthog",
  schema: postHogCredentialsDataSchema,
  label: "PostHog",
  fields: {
    apiKey: {
      label: "Project API key",
      isSecret: true,
      placeholder: "phc_…",
      hint: "PostHog > Project settings > Project API key.",
    },
    host: {
      label: "Host",
      placeholder: defaultPostHogHost,
      hint: "https://eu.i.posthog.com for the EU cloud, or your own instance's address.",
    },
  },
});
