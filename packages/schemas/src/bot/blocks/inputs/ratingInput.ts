import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";

export const ratingButtonTypes = ["Numbers", "Icons"] as const;
export const ratingButtonTypeSchema = z.enum(ratingButtonTypes);

export const ratingInputOptionsSchema = z
  .object({
    variableId: textSchema,
    buttonType: ratingButtonTypeSchema,
    /** Number of buttons. */
    length: z.number().int().min(1).max(100),
    /** Value of the first button. */
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
  buttonType: "Numbers",
  length: 10,
  startsAt: 0,
  labels: { button: "Send" },
  customIcon: { isEnabled: false },
  isOneClickSubmitEnabled: false,
} as const satisfies RatingInputOptions;

export const ratingInputBlock = defineBlock({
  type: "rating input",
  schema: ratingInputBlockSchema,
  category: "input",
  defaults: defaultRatingInputOptions,
  catalogue: { label: "Rating", icon: "Star", keywords: "nps score" },
  getSummary: (block, context) => {
    const startsAt = block.options?.startsAt ?? 0;
    const end = startsAt + (block.options?.length ?? 10) - 1;
    return withTargetVariable(`Rate from ${startsAt} to ${end}`, block.options?.variableId, context);
  },
  settings: {
    isFieldVisible: (key, options) =>
      key.startsWith("customIcon.svg")
        ? (options.customIcon as { isEnabled?: boolean } | undefined)?.isEnabled === true
        : undefined,
  },
  textChannel: (input) => {
    const options = input.options ?? {};
    // The scale the engine accepts: 1 for icons, else `startsAt`, up to `length`.
    const lowest =
      options.buttonType === "Icons" ? 1 : (options.startsAt ?? defaultRatingInputOptions.startsAt);
    const highest = options.length ?? defaultRatingInputOptions.length;
    const { left, right } = options.labels ?? {};
    const ends =
      left || right
        ? ` (${[left && `${lowest}: ${left}`, right && `${highest}: ${right}`].filter(Boolean).join(", ")})`
        : "";
    return { text: `Reply with a number from ${lowest} to ${highest}${ends}` };
  },
});
