import { type ChatBubble, type InputBlock, type Settings, textBubbleBlock } from "@parley/schemas";
import type { BlockRun } from "../blocks/BlockExecutor";
import { convertRichTextToMarkdown } from "../rich-text/convertRichTextToMarkdown";
import { parseVariables } from "../variables/parseVariables";
import { getCurrentFlow, getCurrentScope } from "./TurnContext";

export const DEFAULT_INVALID_MESSAGE = "Invalid message. Please, try again.";

/**
 * The retry bubble (id = the input's id): the block's retry message, else its kind's default, else
 * the bot's `systemMessages.invalidMessage`, else the product default.
 */
export const pushRetryMessage = (run: BlockRun<InputBlock>, kindDefault: string | undefined): void => {
  const { ctx, block } = run;
  const scope = getCurrentScope(ctx);
  const options = block.options;
  const own = options && "retryMessageContent" in options ? options.retryMessageContent : undefined;
  const text =
    (typeof own === "string" && own.trim() ? parseVariables(own, scope) : undefined) ??
    kindDefault ??
    getInvalidMessageSetting(getCurrentFlow(ctx).settings) ??
    DEFAULT_INVALID_MESSAGE;
  ctx.messages.push({
    id: block.id,
    type: textBubbleBlock.type,
    content: createTextContent(text, ctx.format),
  });
  ctx.lastBubbleBlockId = block.id;
};

/** A plain text as a text bubble's content in the requested format (one paragraph a line). */
export const createTextContent = (
  text: string,
  format: "richText" | "markdown",
): Extract<ChatBubble, { type: typeof textBubbleBlock.type }>["content"] => {
  const richText = text.split("\n").map((line) => ({ type: "p", children: [{ text: line }] }));
  return format === "markdown"
    ? { type: "markdown", markdown: convertRichTextToMarkdown(richText) }
    : { type: "richText", richText };
};

const getInvalidMessageSetting = (settings: Settings): string | undefined => {
  const message = settings.general?.systemMessages?.invalidMessage;
  return message?.trim() ? message : undefined;
};
