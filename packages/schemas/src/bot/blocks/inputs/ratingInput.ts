import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";
import { defaultRatingScaleOptions, getRatingScale } from "./ratingScale";

export { getRatingScale, type RatingScale } from "./ratingScale";

export const ratingButtonTypes = ["Numbers", "Icons"] as const;
export const ratingButtonTypeSchema = z.enum(ratingButtonTypes);

export const ratingInputOptionsSchema = z
  .object({
    variableId: textSchema,
    buttonType: ratingButtonTypeSchema,
    /** The highest value (see `getRatingScale`). */
    length: z.number().int().min(1).max(100),
    /** The lowest value of a scale of numbers (icons start at 1). */
    startsAt: z.number().int(),
    labels: z.object({ left: textSchema, right: textSchema, button: textSchema }).partial(),
    customIcon: z.object({ isEnabled: z.boolean(), svg: textSchema }).partial(),
    isOneClickSubmitEnabled: z.boolean(),
  })
  .partial();
export type RatingInputOptions = z.infer<typeof ratingInputOptionsSchema>;

export const ratingInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("rating input"),
  options: ratingInputOptionsSchema.optional(),
});
export type RatingInputBlock = z.infer<typeof ratingInputBlockSchema>;

export const defaultRatingInputOptions = {
  ...defaultRatingScaleOptions,
  labels: { button: "Send" },
  customIcon: { isEnabled: false },
  isOneClickSubmitEnabled: false,
} as const satisfies RatingInputOptions;

export const ratingInputBlock = defineBlock({
  type: "rating input",
  schema: ratingInputBlockSchema,
  category: "input",
  texts: { fields: ["options.labels.left", "options.labels.right", "options.labels.button"] },
  defaults: defaultRatingInputOptions,
  catalogue: { label: "Rating", icon: "Star", keywords: "nps score" },
  getSummary: (block, context) => {
    const { min, max } = getRatingScale(block.options);
    return withTargetVariable(context.t("rateFromTo", { min, max }), block.options?.variableId, context);
  },
  settings: {
    isFieldVisible: (key, options) =>
      key.startsWith("customIcon.svg") ? options.customIcon?.isEnabled === true : undefined,
  },
  textChannel: (input, t) => {
    const { min, max } = getRatingScale(input.options);
    const { left, right } = input.options?.labels ?? {};
    const ends =
      left || right
        ? ` (${[left && `${min}: ${left}`, right && `${max}: ${right}`].filter(Boolean).join(", ")})`
        : "";
    return { text: `${t("numberBetween", { min: String(min), max: String(max) })}${ends}` };
  },
});
