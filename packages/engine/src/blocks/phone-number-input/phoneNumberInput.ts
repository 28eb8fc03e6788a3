import type { InputExecutor } from "../BlockExecutor";
import { createInputResponse, getTextReply } from "../shared/createInputResponse";
import { parsePhoneReply } from "./parsePhoneReply";

/** `phone number input`: a valid number, stored in E.164 format. */
export const phoneNumberInput: InputExecutor = {
  kind: "input",
  async prepareInput(run) {
    return { type: "input", input: createInputResponse(run) };
  },
  async parseReply(run, reply) {
    const text = getTextReply(reply);
    if (text === undefined) return reply ? { status: "fail" } : { status: "noReply" };
    const country = run.block.options?.defaultCountryCode;
    const content = parsePhoneReply(text, typeof country === "string" ? country : undefined);
    return content ? { status: "success", content, formattedMessage: content } : { status: "fail" };
  },
};
