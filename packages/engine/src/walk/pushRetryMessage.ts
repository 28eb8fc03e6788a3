import {
  type ChatBubble,
  getRuntimeTexts,
  getSystemMessage,
  type InputBlock,
  type RuntimeRetryMessage,
  textBubbleBlock,
} from "@parley/schemas";
import type { BlockRun } from "../blocks/BlockExecutor";
import { convertRichTextToMarkdown } from "../rich-text/convertRichTextToMarkdown";
import { parseVariables } from "../variables/parseVariables";
import { getCurrentFlow, getCurrentScope, getVisitorLanguage } from "./TurnContext";

/**
 * The retry bubble (id = the input's id): the block's retry message, else its kind's built-in one, else the bot's
 * `systemMessages.invalidMessage`, else the built-in one; built-in texts and the system message in the visitor's
 * language (docs/languages.md, "Texts the runtime writes").
 */
export const pushRetryMessage = (
  run: BlockRun<InputBlock>,
  kindDefault: RuntimeRetryMessage | undefined,
): void => {
  const { ctx, block } = run;
  const scope = getCurrentScope(ctx);
  const options = block.options;
  const own = options && "retryMessageContent" in options ? options.retryMessageContent : undefined;
  const language = getVisitorLanguage(ctx);
  const text =
    (typeof own === "string" && own.trim() ? parseVariables(own, scope) : undefined) ??
    (kindDefault
      ? getRuntimeTexts(language, "SystemMessages")(kindDefault)
      : getSystemMessage(getCurrentFlow(ctx).settings, language, "invalidMessage"));
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
