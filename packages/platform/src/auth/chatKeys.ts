import { generateSecret } from "./secrets";

/** Chat keys are public by design (embed code, share page): stored as they are, unlike API tokens. */
export const CHAT_KEY_PREFIX = "ck_";

export function generateChatKey(): string {
  return generateSecret(CHAT_KEY_PREFIX);
}
