import { z } from "zod";
import { baseUrlSchema, secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

/** Segment's HTTP tracking API in its US region (EU workspaces: `https://events.eu1.segmentapis.com`). */
export const defaultSegmentEndpoint = "https://api.segment.io";

/** A Segment source: its write key, and the tracking API's address of the workspace's region. */
export const segmentCredentialsDataSchema = z.object({
  apiKey: secretSchema,
  endpoint: baseUrlSchema.default(defaultSegmentEndpoint),
});

export const segmentCredentials = defineCredentials({
  type: "segment",
  schema: segmentCredentialsDataSchema,
  label: "Segment",
  fields: {
    apiKey: {
      label: "Write key",
      isSecret: true,
      hint: "Segment > Connections > Sources > your HTTP API source > Settings > API keys.",
    },
    endpoint: {
      label: "Tracking API address",
      placeholder: defaultSegmentEndpoint,
      hint: "https://events.eu1.segmentapis.com for a workspace in the EU region.",
    },
  },
});
