import type { InputBlock } from "@parley/schemas";
import type { BlockRun, InputExecutor, ParsedReply } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "./createInputResponse";

/**
 * An input answered with text: shown as configured; no message shows it again, a non-text reply
 * fails, and text goes to `parseText`.
 */
export const createTextReplyInput = <B extends InputBlock>(
  parseText: (run: BlockRun<B>, text: string) => ParsedReply | Promise<ParsedReply>,
  facts: Pick<InputExecutor<B>, "replyEventInputType" | "defaultRetryMessage">,
): InputExecutor<B> => ({
  kind: "input",
  ...facts,
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    return parseText(run, text);
  },
});

/** A valid reply stored as formatted, and reported as the new format when it changed. */
export const formattedReply = (content: string | undefined): ParsedReply =>
  content === undefined ? { status: "fail" } : { status: "success", content, formattedMessage: content };
