// Free of zod (type-only imports): the widget's embed bundle imports this module.
import type { RatingInputOptions } from "./ratingInput";

/** The scale a rating input offers when its options say nothing: numbers from 0 to 10. */
export const defaultRatingScaleOptions = {
  buttonType: "Numbers",
  length: 10,
  startsAt: 0,
} as const satisfies RatingInputOptions;

/** The most values a scale offers (0 to 100 at the schema's largest `length`). */
const MAX_RATING_VALUES = 101;

/** The whole numbers a rating input offers and accepts, from `min` to `max`, both included. */
export interface RatingScale {
  min: number;
  max: number;
  /** `min`, `min + 1`, … `max`: the widget's buttons, in order. */
  values: number[];
}

/**
 * The one rule of a rating input's scale, read by everything that shows or checks it (the widget's
 * buttons, the canvas summary, the text channels' prompt, the engine's check of a reply): `length` is
 * the highest value, and the scale starts at `startsAt` for numbers, at 1 for icons (the first star).
 * So a default rating offers 0 to 10, eleven values, as Typebot's does. A scale is never empty and
 * holds at most 101 values: a `startsAt` above `length` offers `length` alone, one far below starts
 * 100 under `length`.
 */
export function getRatingScale(options: RatingInputOptions | undefined): RatingScale {
  const max = options?.length ?? defaultRatingScaleOptions.length;
  const first =
    options?.buttonType === "Icons" ? 1 : (options?.startsAt ?? defaultRatingScaleOptions.startsAt);
  const min = Math.min(Math.max(first, max - MAX_RATING_VALUES + 1), max);
  return { min, max, values: Array.from({ length: max - min + 1 }, (_, index) => min + index) };
}
