import type { EmailInputBlock } from "@parley/schemas";
import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isValidEmail = (text: string): boolean => text.length <= 254 && EMAIL_PATTERN.test(text);

/**
 * `email input`: a valid address, stored lower-cased. An invalid one gets the block's own retry
 * message, else `systemMessages.invalidMessage` (decisions.md names this very case).
 */
export const emailInput = createTextReplyInput<EmailInputBlock>(
  (_run, text) => {
    const address = text.trim();
    return formattedReply(isValidEmail(address) ? address.toLowerCase() : undefined);
  },
  { replyEventInputType: "email" },
);
