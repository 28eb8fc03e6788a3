import type { DateInputBlock } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parseDateReply } from "./parseDateReply";

/** `date input`: a date or range in free text, within min/max, stored formatted with the pattern. */
export const dateInput = createTextReplyInput<DateInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: string | undefined) => (value ? parseVariables(value, scope) : undefined);
    const parsed = parseDateReply(text, {
      hasTime: options.hasTime,
      isRange: options.isRange,
      format: resolve(options.format),
      separator: options.labels?.separator,
      min: resolve(options.min),
      max: resolve(options.max),
      now: run.ctx.ports.now(),
    });
    return formattedReply(parsed?.content);
  },
  { replyEventInputType: "date" },
);
