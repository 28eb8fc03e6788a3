import { getRatingScale, type RatingInputBlock } from "@parley/schemas";
import { createTextReplyInput } from "../shared/createTextReplyInput";

/** `rating input`: a whole number on the kind's scale (`getRatingScale`: 0…10 by default, 1…`length` for icons). */
export const ratingInput = createTextReplyInput<RatingInputBlock>(
  (run, text) => {
    const { min, max } = getRatingScale(run.block.options);
    const reply = text.trim();
    if (!/^-?\d+$/.test(reply)) return { status: "fail" };
    const rating = Number(reply);
    if (rating < min || rating > max) return { status: "fail" };
    return { status: "success", content: String(rating) };
  },
  { replyEventInputType: "rating" },
);
