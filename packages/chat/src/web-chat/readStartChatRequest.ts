import { credentialValue } from "@parley/db/queries/chatCredential";
import { readBotForChat } from "@parley/db/queries/readBotForChat";
import { toChatCaller, touchCredential } from "@parley/platform/auth/authorizeChatCaller";
import { readChatCredential, readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import { clientAddressKey, readClientAddress } from "@parley/platform/http/clientAddress";
import type { RequestScope } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import type { z } from "zod";
import type { ChatRuntime } from "../core/chatRuntime";
import { readIdempotencyKey } from "../core/http/idempotency";
import { enforceRateLimit } from "../core/limits/chatRateLimits";

/**
 * The common start of both startChat endpoints, in this order: the credential's form,
 * the body (parsed, then `validate`d), the Idempotency-Key, the start rate limits, and
 * the one statement that reads the bot, the caller and a previous start's record.
 * Browsers (chat keys, the builder's sign-in cookie) are limited per client address and per
 * key; an API token, a customer's backend starting chats for its users from one address, per
 * token only.
 */
export async function readStartChatRequest<Schema extends z.ZodType>(
  runtime: ChatRuntime,
  { request, scope }: { request: Request; scope: RequestScope },
  options: {
    schema: Schema;
    validate?: (input: z.output<Schema>) => void;
    lookup: "publicId" | "id";
    value: string;
    withDraft?: boolean;
    /** Typebot's startChat: no Authorization is a keyless caller (the handler decides), not UNAUTHORIZED. */
    allowKeyless?: boolean;
  },
) {
  const credential = options.allowKeyless
    ? readChatCredentialOrKeyless(request, runtime)
    : readChatCredential(request, runtime);
  const body = (await readJsonBody(request)) ?? {};
  const input: z.output<Schema> = options.schema.parse(body);
  options.validate?.(input);
  const idempotency = readIdempotencyKey(request, body);
  if (credential.kind !== "apiToken") {
    await enforceRateLimit(runtime.limits, "startPerIp", clientAddressKey(readClientAddress(request)), scope);
  }
  // Keyless starts are counted per bot, as a chat key's (one per bot) are.
  const keyValue = credential.kind === "keyless" ? `keyless:${options.value}` : credentialValue(credential);
  await enforceRateLimit(runtime.limits, "startPerKey", keyValue, scope);

  const pool = runtime.getPool();
  const read = await readBotForChat(pool, {
    lookup: options.lookup,
    value: options.value,
    credential,
    recordKey: idempotency?.recordKey ?? null,
    withDraft: options.withDraft,
  });
  const caller = toChatCaller(credential, read.credential);
  touchCredential(pool, credential, read.credential, scope);
  return { input, idempotency, pool, read, caller };
}
