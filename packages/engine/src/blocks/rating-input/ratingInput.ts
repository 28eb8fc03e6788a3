import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";

interface RatingInputOptions {
  buttonType?: "Numbers" | "Icons";
  length?: number;
  startsAt?: number;
}

const DEFAULT_LENGTH = 10;

/**
 * `rating input`: a whole number on the scale — `startsAt`…`length` for numbers (default 0…10),
 * 1…`length` for icons.
 */
export const ratingInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply)?.trim();
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const options = (run.block.options ?? {}) as RatingInputOptions;
    const length = options.length ?? DEFAULT_LENGTH;
    const lowest = options.buttonType === "Icons" ? 1 : (options.startsAt ?? 0);
    if (!/^-?\d+$/.test(text)) return { status: "fail" };
    const rating = Number(text);
    if (rating < lowest || rating > length) return { status: "fail" };
    return { status: "success", content: String(rating) };
  },
};
