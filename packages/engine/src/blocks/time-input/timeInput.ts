import type { TimeInputBlock } from "@parley/schemas";
import * as chrono from "chrono-node";
import { formatParts } from "../date-input/parseDateReply";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";

/** `time input`: a time of day in free text ("14:30", "2pm"), stored with the pattern (`HH:mm`). */
export const timeInput = createTextReplyInput<TimeInputBlock>(
  (run, text) => {
    const [result] = chrono.en.casual.parse(text, { instant: run.ctx.ports.now(), timezone: 0 });
    const hour = result?.start.get("hour");
    if (!result || hour === null || hour === undefined || !result.start.isCertain("hour"))
      return { status: "fail" };
    const format = typeof run.block.options?.format === "string" ? run.block.options.format.trim() : "";
    return formattedReply(
      formatParts(
        { year: 2000, month: 1, day: 1, hour, minute: result.start.get("minute") ?? 0 },
        format || "HH:mm",
      ),
    );
  },
  { replyEventInputType: "time" },
);
