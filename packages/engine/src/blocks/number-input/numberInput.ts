import type { NumberInputBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parseNumberReply, toBound } from "./parseNumberReply";

/** `number input`: a decimal within min/max (numbers or `{{variables}}`) and on the step grid. */
export const numberInput = createTextReplyInput<NumberInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: number | string | undefined) =>
      toBound(typeof value === "string" ? parseVariables(value, scope) : value);
    return formattedReply(
      parseNumberReply(text, {
        min: resolve(options.min),
        max: resolve(options.max),
        step: resolve(options.step),
      }),
    );
  },
  { replyEventInputType: "number" },
);
