import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, keyValueSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

/** Meta pixel standard events, plus `Custom` (named by `name`). */
export const pixelEventTypes = [
  "Custom",
  "Lead",
  "Contact",
  "CompleteRegistration",
  "Schedule",
  "SubmitApplication",
  "ViewContent",
  "AddPaymentInfo",
  "AddToCart",
  "AddToWishlist",
  "CustomizeProduct",
  "Donate",
  "FindLocation",
  "InitiateCheckout",
  "Purchase",
  "Search",
  "StartTrial",
  "Subscribe",
] as const;
export const pixelEventTypeSchema = z.enum(pixelEventTypes);

export const pixelOptionsSchema = z
  .object({
    pixelId: textSchema,
    /** The page already initialises this pixel. */
    isInitSkip: z.boolean(),
    eventType: pixelEventTypeSchema,
    name: textSchema,
    params: z.array(keyValueSchema),
  })
  .partial();
export type PixelOptions = z.infer<typeof pixelOptionsSchema>;

export const pixelBlockSchema = blockBaseSchema.extend({
  type: z.literal("Pixel"),
  options: pixelOptionsSchema.optional(),
});
export type PixelBlock = z.infer<typeof pixelBlockSchema>;

export const defaultPixelOptions = { isInitSkip: false, params: [] } as const satisfies PixelOptions;

export const pixelBlock = defineBlock({
  type: "Pixel",
  schema: pixelBlockSchema,
  category: "integration",
  defaults: defaultPixelOptions,
  catalogue: { label: "Pixel", icon: "Globe", keywords: "meta facebook" },
  getSummary: (block, context) => {
    const { eventType, name } = block.options ?? {};
    if (!eventType) return null;
    const event = eventType === "Custom" ? (name ?? context.optionValue("eventType", "Custom")) : eventType;
    return context.t("trackNamedEvent", { event });
  },
  settings: {
    isFieldVisible: (key, options) => (key === "name" ? options.eventType === "Custom" : undefined),
  },
});
