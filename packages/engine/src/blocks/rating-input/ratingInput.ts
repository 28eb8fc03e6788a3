import type { RatingInputBlock } from "@parley/schemas";
import { createTextReplyInput } from "../shared/createTextReplyInput";

const DEFAULT_LENGTH = 10;

/**
 * `rating input`: a whole number on the scale — `startsAt`…`length` for numbers (default 0…10),
 * 1…`length` for icons.
 */
export const ratingInput = createTextReplyInput<RatingInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const length = options.length ?? DEFAULT_LENGTH;
    const lowest = options.buttonType === "Icons" ? 1 : (options.startsAt ?? 0);
    const reply = text.trim();
    if (!/^-?\d+$/.test(reply)) return { status: "fail" };
    const rating = Number(reply);
    if (rating < lowest || rating > length) return { status: "fail" };
    return { status: "success", content: String(rating) };
  },
  { replyEventInputType: "rating" },
);
