import { type ChatInput, type DateInputBlock, resolveBotLanguage } from "@parley/schemas";
import { parseVariables } from "../../variables/parseVariables";
import { getCurrentFlow, getCurrentScope, getVisitorLanguage } from "../../walk/TurnContext";
import type { BlockRun } from "../BlockExecutor";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parseDateReply } from "./parseDateReply";

/**
 * The locale of the answer: the block's own, else the visitor's language in a bot with several languages (the
 * bot's language it matched, the default one included); undefined for a one-language bot (English).
 */
const getDateLocale = (run: BlockRun<DateInputBlock>): string | undefined =>
  run.block.options?.locale?.trim() ||
  resolveBotLanguage(getCurrentFlow(run.ctx).settings, getVisitorLanguage(run.ctx)) ||
  undefined;

const textReplyInput = createTextReplyInput<DateInputBlock>(
  (run, text) => {
    const options = run.block.options ?? {};
    const scope = getCurrentScope(run.ctx);
    const resolve = (value: string | undefined) => (value ? parseVariables(value, scope) : undefined);
    const parsed = parseDateReply(text, {
      hasTime: options.hasTime,
      isRange: options.isRange,
      format: resolve(options.format),
      locale: getDateLocale(run),
      separator: options.labels?.separator,
      min: resolve(options.min),
      max: resolve(options.max),
      now: run.ctx.ports.now(),
    });
    return formattedReply(parsed?.content);
  },
  { replyEventInputType: "date" },
);

/**
 * `date input`: a date or range in free text, within min/max, stored formatted with the pattern in the answer's
 * locale. The client gets that locale in the input's `locale` when the block sets none, so the widget shows the
 * visitor's own bubble as the answer is stored.
 */
export const dateInput: typeof textReplyInput = {
  ...textReplyInput,
  async prepareInput(run) {
    const prepared = await textReplyInput.prepareInput(run);
    const locale = getDateLocale(run);
    if (prepared.type !== "input" || !locale || run.block.options?.locale) return prepared;
    const input = prepared.input as Extract<ChatInput, { type: DateInputBlock["type"] }>;
    return { ...prepared, input: { ...input, options: { ...input.options, locale } } };
  },
};
