import type { PhoneNumberInputBlock } from "@parley/schemas";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";
import { parsePhoneReply } from "./parsePhoneReply";

/** `phone number input`: a valid number, stored in E.164 format. */
export const phoneNumberInput = createTextReplyInput<PhoneNumberInputBlock>(
  (run, text) => {
    const country = run.block.options?.defaultCountryCode;
    return formattedReply(parsePhoneReply(text, typeof country === "string" ? country : undefined));
  },
  { replyEventInputType: "phone" },
);
