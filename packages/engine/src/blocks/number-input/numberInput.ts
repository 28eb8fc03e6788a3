import { type NumberInputBlock, resolveBotLanguage } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentFlow, getCurrentScope, getVisitorLanguage } from "../../walk/TurnContext";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parseNumberReply, toBound } from "./parseNumberReply";

/**
 * `number input`: a decimal within min/max (numbers or `{{variables}}`) and on the step grid, read as the block's
 * locale writes numbers, else the conversation's language (the bot's language the visitor matched, its default
 * included), else English: on WhatsApp and Telegram the visitor's own text arrives ("3,5" in a French
 * conversation), where the widget sends the number already read ("3.5").
 */
export const numberInput = createTextReplyInput<NumberInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: number | string | undefined) =>
      toBound(typeof value === "string" ? parseVariables(value, scope) : value);
    const locale =
      options.locale?.trim() ||
      resolveBotLanguage(getCurrentFlow(run.ctx).settings, getVisitorLanguage(run.ctx)) ||
      undefined;
    return formattedReply(
      parseNumberReply(
        text,
        { min: resolve(options.min), max: resolve(options.max), step: resolve(options.step) },
        locale,
      ),
    );
  },
  { replyEventInputType: "number" },
);
