import { z } from "zod";
import { postHogCredentials } from "../../../credentials/postHogCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility, pluginPropertySchema } from "./pluginOptions";

/** The actions of Typebot's `posthog` plug-in this product runs (server-side, through PostHog's capture API). */
export const postHogActions = ["Capture", "Identify User", "Identify Group"] as const;
export const postHogActionSchema = z.enum(postHogActions);
export type PostHogAction = z.infer<typeof postHogActionSchema>;

export const postHogOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: postHogActionSchema,
    /** Capture: a fresh distinct id per event, and no person profile. */
    isAnonymous: z.boolean(),
    /** Capture and Identify Group: the person the event belongs to. */
    distinctId: textSchema,
    /** Capture: the event's name. */
    event: textSchema,
    /** Capture: event properties; Identify User: person properties; Identify Group: group properties. */
    properties: z.array(pluginPropertySchema),
    /** Capture: person properties set with the event (`$set`). */
    personProperties: z.array(pluginPropertySchema),
    /** Capture: the groups the event is associated with (group type → group key). */
    groups: z.array(z.object({ id: textSchema, type: textSchema, key: textSchema }).partial()),
    /** Identify User: the person's distinct id. */
    userId: textSchema,
    /** Identify Group. */
    groupType: textSchema,
    groupKey: textSchema,
  })
  .partial();
export type PostHogOptions = z.infer<typeof postHogOptionsSchema>;

export const postHogBlockSchema = blockBaseSchema.extend({
  type: z.literal("posthog"),
  options: postHogOptionsSchema.optional(),
});
export type PostHogBlock = z.infer<typeof postHogBlockSchema>;

export const defaultPostHogOptions = {
  action: "Capture",
  isAnonymous: false,
} as const satisfies PostHogOptions;

const postHogFieldsByAction: Record<PostHogAction, readonly string[]> = {
  Capture: ["isAnonymous", "distinctId", "event", "properties", "personProperties", "groups"],
  "Identify User": ["userId", "properties"],
  "Identify Group": ["distinctId", "groupType", "groupKey", "properties"],
};
const isPostHogFieldVisible = getPluginFieldVisibility(postHogFieldsByAction, defaultPostHogOptions.action);

export const postHogBlock = defineBlock({
  type: "posthog",
  schema: postHogBlockSchema,
  category: "integration",
  credentials: postHogCredentials,
  defaults: defaultPostHogOptions,
  catalogue: { label: "PostHog", icon: "ChartSpline", keywords: "analytics product event capture identify" },
  getSummary: (block, context) => {
    const options = block.options ?? {};
    const action = options.action ?? defaultPostHogOptions.action;
    if (action === "Capture")
      return options.event ? context.t("captureEvent", { event: options.event }) : null;
    if (action === "Identify User")
      return options.userId ? context.t("identifyUser", { userId: options.userId }) : null;
    return options.groupType ? context.t("identifyGroup", { group: options.groupType }) : null;
  },
  settings: {
    fieldLabels: {
      action: "Action",
      isAnonymous: "Anonymous event",
      distinctId: "Distinct ID",
      event: "Event name",
      properties: "Properties",
      personProperties: "Person properties",
      groups: "Associated groups",
      userId: "User ID (distinct ID)",
      groupType: "Group type",
      groupKey: "Group key",
    },
    isFieldVisible: (key, options) =>
      key === "distinctId" && options.action !== "Identify Group" && options.isAnonymous === true
        ? false
        : isPostHogFieldVisible(key, options),
  },
});
