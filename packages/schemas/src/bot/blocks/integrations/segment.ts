import { z } from "zod";
import { segmentCredentials } from "../../../credentials/segmentCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility, pluginPropertySchema } from "./pluginOptions";

/** The actions of Typebot's `segment` plug-in, each one call of Segment's HTTP tracking API. */
export const segmentActions = ["Identify User", "Track", "Page", "Alias"] as const;
export const segmentActionSchema = z.enum(segmentActions);
export type SegmentAction = z.infer<typeof segmentActionSchema>;

export const segmentOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: segmentActionSchema,
    /** Every action: the user's id (Alias: the new id). */
    userId: textSchema,
    /** Identify User: sent as the `email` trait. */
    email: textSchema,
    /** Identify User. */
    traits: z.array(pluginPropertySchema),
    /** Track: the event's name. */
    eventName: textSchema,
    /** Track and Page. */
    properties: z.array(pluginPropertySchema),
    /** Page: the page's name and category. */
    name: textSchema,
    category: textSchema,
    /** Alias: the id the user had before. */
    previousId: textSchema,
  })
  .partial();
export type SegmentOptions = z.infer<typeof segmentOptionsSchema>;

export const segmentBlockSchema = blockBaseSchema.extend({
  type: z.literal("segment"),
  options: segmentOptionsSchema.optional(),
});
export type SegmentBlock = z.infer<typeof segmentBlockSchema>;

export const defaultSegmentOptions = { action: "Track" } as const satisfies SegmentOptions;

const segmentFieldsByAction: Record<SegmentAction, readonly string[]> = {
  "Identify User": ["userId", "email", "traits"],
  Track: ["eventName", "userId", "properties"],
  Page: ["userId", "name", "category", "properties"],
  Alias: ["userId", "previousId"],
};

export const segmentBlock = defineBlock({
  type: "segment",
  schema: segmentBlockSchema,
  category: "integration",
  credentials: segmentCredentials,
  defaults: defaultSegmentOptions,
  catalogue: { label: "Segment", icon: "Radio", keywords: "analytics track identify page alias cdp" },
  getSummary: (block, context) => {
    const options = block.options ?? {};
    const action = options.action ?? defaultSegmentOptions.action;
    if (action === "Track")
      return options.eventName ? context.t("trackEvent", { event: options.eventName }) : null;
    if (action === "Page") return options.name ? context.t("pageView", { name: options.name }) : null;
    if (action === "Alias") return options.userId ? context.t("aliasUser", { userId: options.userId }) : null;
    return options.userId ? context.t("identifyUser", { userId: options.userId }) : null;
  },
  settings: {
    fieldLabels: {
      action: "Action",
      userId: "User ID",
      email: "E-mail",
      traits: "Traits",
      eventName: "Event name",
      properties: "Properties",
      name: "Page name",
      category: "Page category",
      previousId: "Previous ID",
    },
    isFieldVisible: getPluginFieldVisibility(segmentFieldsByAction, defaultSegmentOptions.action),
  },
});
