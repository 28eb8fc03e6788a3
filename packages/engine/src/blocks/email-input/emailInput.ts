import { createTextReplyInput, formattedReply } from "../shared/createTextReplyInput";

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isValidEmail = (text: string): boolean => text.length <= 254 && EMAIL_PATTERN.test(text);

/** `email input`: a valid address, stored lower-cased. */
export const emailInput = createTextReplyInput(
  (_run, text) => {
    const address = text.trim();
    return formattedReply(isValidEmail(address) ? address.toLowerCase() : undefined);
  },
  { defaultRetryMessage: "This email doesn't seem to be valid. Can you type it again?" },
);
