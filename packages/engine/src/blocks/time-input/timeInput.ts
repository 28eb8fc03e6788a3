import * as chrono from "chrono-node";
import type { InputExecutor } from "../BlockExecutor";
import { formatParts } from "../date-input/parseDateReply";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";

/** `time input`: a time of day in free text ("14:30", "2pm"), stored with the pattern (`HH:mm`). */
export const timeInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const [result] = chrono.en.casual.parse(text, { instant: run.ctx.ports.now(), timezone: 0 });
    const hour = result?.start.get("hour");
    if (!result || hour === null || hour === undefined || !result.start.isCertain("hour"))
      return { status: "fail" };
    const format = typeof run.block.options?.format === "string" && run.block.options.format.trim();
    const content = formatParts(
      { year: 2000, month: 1, day: 1, hour, minute: result.start.get("minute") ?? 0 },
      format || "HH:mm",
    );
    return { status: "success", content, formattedMessage: content };
  },
};
