import type { ChatCredentialLookup } from "@parley/db/queries/chatCredential";
import { unauthorized } from "../errors";
import { API_TOKEN_PREFIX } from "./apiTokens";
import { authErrors } from "./authErrors";
import { CHAT_KEY_PREFIX } from "./chatKeys";
import { hashSecret } from "./secrets";

export type BearerLookup = Extract<ChatCredentialLookup, { kind: "chatKey" | "apiToken" }>;

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <chat key | API token>` -> what to look up. A missing
 * or malformed header is UNAUTHORIZED; a token of neither kind is FORBIDDEN
 * without a database round trip.
 */
export function readBearerCredential(header: string | null | undefined): BearerLookup {
  const token = header ? BEARER_PATTERN.exec(header)?.[1] : undefined;
  if (!token) throw unauthorized();
  if (token.startsWith(CHAT_KEY_PREFIX)) return { kind: "chatKey", key: token };
  if (token.startsWith(API_TOKEN_PREFIX)) return { kind: "apiToken", tokenHash: hashSecret(token) };
  throw authErrors.unknownToken();
}
