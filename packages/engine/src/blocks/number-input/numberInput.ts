import { parseVariables } from "../../variables/parseVariables";
import { getCurrentScope } from "../../walk/TurnContext";
import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";
import { parseNumberReply, toBound } from "./parseNumberReply";

interface NumberInputOptions {
  min?: number | string;
  max?: number | string;
  step?: number | string;
}

/** `number input`: a decimal within min/max (numbers or `{{variables}}`) and on the step grid. */
export const numberInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const options = (run.block.options ?? {}) as NumberInputOptions;
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: number | string | undefined) =>
      toBound(typeof value === "string" ? parseVariables(value, scope) : value);
    const content = parseNumberReply(text, {
      min: resolve(options.min),
      max: resolve(options.max),
      step: resolve(options.step),
    });
    return content === undefined
      ? { status: "fail" }
      : { status: "success", content, formattedMessage: content };
  },
};
