import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, keyValueSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { responseVariableMappingSchema } from "../logic/webhook";

export const httpMethods = [
  "POST",
  "GET",
  "PUT",
  "DELETE",
  "PATCH",
  "HEAD",
  "CONNECT",
  "OPTIONS",
  "TRACE",
] as const;
export const httpMethodSchema = z.enum(httpMethods);
export type HttpMethod = z.infer<typeof httpMethodSchema>;

/** Bounds of `timeout`, in seconds. */
export const httpRequestTimeoutBounds = { min: 1, max: 120 } as const;

export const httpRequestSchema = z
  .object({
    url: textSchema,
    method: httpMethodSchema,
    headers: z.array(keyValueSchema),
    queryParams: z.array(keyValueSchema),
    /** JSON text (variables substituted JSON-aware) sent when `isCustomBody`. */
    body: textSchema,
  })
  .partial();
export type HttpRequest = z.infer<typeof httpRequestSchema>;

export const httpRequestOptionsSchema = z
  .object({
    webhook: httpRequestSchema,
    isCustomBody: z.boolean(),
    isExecutedOnClient: z.boolean(),
    /** Editor only: whether the advanced section is unfolded. */
    isAdvancedConfig: z.boolean(),
    /** Values used by the editor's "Test the request" button. */
    variablesForTest: z.array(
      z.object({ id: textSchema.min(1), variableId: textSchema.optional(), value: textSchema.optional() }),
    ),
    responseVariableMapping: z.array(responseVariableMappingSchema),
    timeout: z.number().min(httpRequestTimeoutBounds.min).max(httpRequestTimeoutBounds.max),
    proxyCredentialsId: textSchema,
  })
  .partial()
  .meta({ id: "HttpRequestOptions" });
export type HttpRequestOptions = z.infer<typeof httpRequestOptionsSchema>;

/** The HTTP request block (wire type `Webhook`, capitalised, for compatibility). */
export const httpRequestBlockSchema = blockBaseSchema.extend({
  type: z.literal("Webhook"),
  options: httpRequestOptionsSchema.optional(),
});
export type HttpRequestBlock = z.infer<typeof httpRequestBlockSchema>;

export const defaultHttpRequestOptions = {
  webhook: { method: "POST", headers: [], queryParams: [] },
  isCustomBody: false,
  isExecutedOnClient: false,
  variablesForTest: [],
  responseVariableMapping: [],
  timeout: 10,
} as const satisfies HttpRequestOptions;

/** What the HTTP request block and its connector variants (Zapier, Make.com, Pabbly) share. */
export const httpRequestBlockTraits = {
  defaults: defaultHttpRequestOptions,
  getSummary: (block: { options?: HttpRequestOptions }) => {
    const url = block.options?.webhook?.url;
    return url ? `${block.options?.webhook?.method ?? "POST"} ${url}` : null;
  },
  settings: {
    isFieldVisible: (key: string, options: HttpRequestOptions) =>
      key === "webhook.body" ? options.isCustomBody === true : undefined,
  },
};

export const httpRequestBlock = defineBlock({
  type: "Webhook",
  schema: httpRequestBlockSchema,
  category: "integration",
  catalogue: { label: "HTTP request", icon: "Webhook", keywords: "api fetch" },
  ...httpRequestBlockTraits,
});
