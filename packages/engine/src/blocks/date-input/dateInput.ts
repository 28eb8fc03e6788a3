import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";
import { parseDateReply } from "./parseDateReply";

interface DateInputOptions {
  hasTime?: boolean;
  isRange?: boolean;
  format?: string;
  min?: string;
  max?: string;
  labels?: { separator?: string };
}

/** `date input`: a date or range in free text, within min/max, stored formatted with the pattern. */
export const dateInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const options = (run.block.options ?? {}) as DateInputOptions;
    const scope = getCurrentScope(run.ctx);
    const parsed = parseDateReply(text, {
      hasTime: options.hasTime,
      isRange: options.isRange,
      format: options.format ? parseVariables(options.format, scope) : undefined,
      separator: options.labels?.separator,
      min: options.min ? parseVariables(options.min, scope) : undefined,
      max: options.max ? parseVariables(options.max, scope) : undefined,
      now: run.ctx.ports.now(),
    });
    return parsed
      ? { status: "success", content: parsed.content, formattedMessage: parsed.content }
      : { status: "fail" };
  },
};
