import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isValidEmail = (text: string): boolean => text.length <= 254 && EMAIL_PATTERN.test(text);

/** `email input`: a valid address, stored lower-cased. */
export const emailInput: InputExecutor = {
  kind: "input",
  defaultRetryMessage: "This email doesn't seem to be valid. Can you type it again?",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(_run, reply) {
    const text = getTextReply(reply)?.trim();
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    if (!isValidEmail(text)) return { status: "fail" };
    const content = text.toLowerCase();
    return { status: "success", content, formattedMessage: content };
  },
};
