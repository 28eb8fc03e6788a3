import type { Pool } from "@parley/db";
import {
  type ChatCredentialLookup,
  type ChatCredentialRow,
  touchChatCredential,
} from "@parley/db/queries/chatCredential";
import { type AccessRole, canAccess, type RoleAction, strongerRole } from "@parley/schemas/management/access";
import { assertWorkspaceSignIn } from "../access/assertWorkspaceSignIn";
import { forbidden, unauthorized } from "../errors";
import type { Logger } from "../logger";
import { missingScope } from "./apiTokenGrant";
import { authErrors } from "./authErrors";
import { isTouchDue } from "./isTouchDue";
import { rejectExpiredSession } from "./readChatCredential";

export type ChatCaller =
  | { kind: "chatKey"; botId: string }
  /** No Authorization, on Typebot's paths (docs/typebot-compat.md): its handlers decide what it may reach. */
  | { kind: "keyless" }
  | {
      kind: "user";
      userId: string;
      /** Their workspace role, or their role on the addressed bot when only a share of it gives more. */
      role: AccessRole | null;
      /** Their role in the bot's workspace (null: not a member). */
      memberRole: ChatCredentialRow["memberRole"];
      via: "apiToken" | "userSession";
      /** The identity provider their session (or the session that made their token) signed in through. */
      ssoProvider: string | null;
      /** The provider the bot's workspace requires (`ws-<id>`), or null. */
      requiredSsoProvider: string | null;
    };

/** The caller a credential row stands for; unknown, revoked and expired tokens, and tokens without `chat`, are FORBIDDEN. */
export function toChatCaller(lookup: ChatCredentialLookup, row: ChatCredentialRow): ChatCaller {
  if (lookup.kind === "keyless") return { kind: "keyless" };
  if (!row.credentialId) {
    if (lookup.kind === "userSession") throw unauthorized();
    throw authErrors.unknownToken();
  }
  if (row.isRevoked) throw rejectExpiredSession(lookup.kind);
  if (lookup.kind === "apiToken" && row.mayChat === false) throw missingScope("chat");
  if (lookup.kind === "chatKey") return { kind: "chatKey", botId: row.credentialBotId ?? "" };
  return {
    kind: "user",
    userId: row.userId ?? "",
    role: strongerRole(row.memberRole, row.botRole),
    memberRole: row.memberRole,
    via: lookup.kind,
    ssoProvider: row.ssoProvider,
    requiredSsoProvider: row.requiredSsoProvider,
  };
}

/**
 * Access to one bot's chats: its own chat key (never for preview sessions,
 * which run the unpublished draft), or a member of its workspace or a person the
 * bot is shared with whose role may do `action` (read when omitted; updateBot needs write access). A member of a
 * workspace that requires its single sign-on must have signed in through it, as everywhere in the builder
 * (`assertWorkspaceSignIn`: FORBIDDEN `SSO_REQUIRED`, ADMINs and people only the bot is shared with exempt).
 */
export function assertBotAccess(
  caller: ChatCaller,
  botId: string,
  options: { allowChatKey: boolean; action?: RoleAction },
) {
  // A keyless caller reaches only what a Typebot path checked itself, never through this rule.
  if (caller.kind === "keyless") throw unauthorized();
  if (caller.kind === "chatKey") {
    if (!options.allowChatKey || caller.botId !== botId) throw forbidden();
    return;
  }
  if (!canAccess(caller.role, options.action ?? "read")) throw forbidden();
  assertWorkspaceSignIn(caller, caller);
}

/** Keeps lastUsedAt of API tokens and builder sessions current, at most one write a minute, off the hot path. */
export function touchCredential(
  pool: Pool,
  lookup: ChatCredentialLookup,
  row: ChatCredentialRow,
  /** Whose logger reports a failed write (a request's: made only when a line is written). */
  scope: { readonly logger: Logger },
) {
  if (lookup.kind === "chatKey" || !row.credentialId) return;
  if (!isTouchDue(row.lastUsedAt)) return;
  touchChatCredential(pool, lookup.kind, row.credentialId).catch((error: unknown) => {
    scope.logger.warn({ err: error }, "could not record the use of a credential");
  });
}
