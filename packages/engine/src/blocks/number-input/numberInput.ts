import { type NumberInputBlock, resolveBotLanguage } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentFlow, getCurrentScope, getVisitorLanguage } from "../../walk/TurnContext";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parseNumberReply, toBound } from "./parseNumberReply";

/**
 * `number input`: a decimal within min/max (numbers or `{{variables}}`) and on the step grid. On WhatsApp and
 * Telegram the visitor's own text arrives ("3,5" in a French conversation): it is read as the block's locale writes
 * numbers, else the conversation's language (the bot's language the visitor matched, its default included). The
 * widget and API clients send the number already read ("3.5", "1.234" for one point two three four, which German
 * would read as a thousand and more), so their replies are read in the engine's own form only.
 */
export const numberInput = createTextReplyInput<NumberInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: number | string | undefined) =>
      toBound(typeof value === "string" ? parseVariables(value, scope) : value);
    const locale = run.ctx.state.isOnMessagingChannel
      ? options.locale?.trim() ||
        resolveBotLanguage(getCurrentFlow(run.ctx).settings, getVisitorLanguage(run.ctx)) ||
        undefined
      : undefined;
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
