import type { Database } from "@parley/db";
import { assertWorkspaceSignIn } from "@parley/platform/access/assertWorkspaceSignIn";
import {
  type BotAccess,
  type BotAccessOptions,
  loadBotAccess,
  loadBotWithAccess,
  loadConversationAccess,
  loadFolderAccess,
  loadKnowledgeBaseAccess,
  loadWorkspaceAccess,
  type WorkspaceAccess,
} from "@parley/platform/access/loadAccess";
import { isInstanceOperator, operatorOnly } from "@parley/platform/admin/instanceSettings";
import { assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import type { RoleAction } from "@parley/schemas/management/access";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../trpc";
import { recordEditingActivity } from "./recordEditingActivity";

/**
 * Procedures on one workspace's records. Each loads the addressed record's
 * workspace and the caller's role in one query and refuses before the handler
 * runs; handlers receive `ctx.access` and scope every query by it. A write
 * request of a member allowed to write (a mutation needing MEMBER or ADMIN) that
 * succeeds is editing activity: it moves the workspace's `lastActivityAt`, at most
 * once a minute; a refused or failed request changes nothing. An API token restricted to
 * another workspace is refused as a non-member is (FORBIDDEN); a workspace requiring single sign-on refuses
 * its members who did not sign in through it (FORBIDDEN `SSO_REQUIRED`, `assertWorkspaceSignIn`).
 */
export const workspaceProcedure = recordProcedure("workspaceId", loadWorkspaceAccess);
export const folderProcedure = recordProcedure("folderId", loadFolderAccess);
export const knowledgeBaseProcedure = recordProcedure("knowledgeBaseId", loadKnowledgeBaseAccess);
/**
 * The bot's own operations and those of its conversations: its members, and the people the bot is shared with
 * (a VIEWER reads, an EDITOR also writes), whose `ctx.access.isSharedOnly` is true when they are no member.
 */
export const conversationProcedure = recordProcedure("conversationId", loadConversationAccess);
export const botProcedure = recordProcedure("botId", loadBotAccess);
/**
 * Operations on a bot that reach into its workspace (delete it, duplicate it, share it): its workspace's
 * members only, never through a share of the bot.
 */
export const memberBotProcedure = recordProcedure("botId", (db, userId, botId, access) =>
  loadBotAccess(db, userId, botId, access, { viaShare: false }),
);

/**
 * Procedures on the record whose id the input's `key` names: `load` checks the caller's role on its workspace
 * in one query, before the handler.
 */
function recordProcedure<Key extends string, Access extends WorkspaceAccess | BotAccess>(
  key: Key,
  load: (db: Database, userId: string, id: string, access: RoleAction) => Promise<Access>,
) {
  return (access: RoleAction) =>
    authenticatedProcedure
      .input(z.object({ [key]: idSchema } as Record<Key, typeof idSchema>))
      .use(async ({ ctx, input, next, type }) => {
        const granted = await load(ctx.prisma, ctx.user.id, (input as Record<Key, string>)[key], access);
        assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
        assertWorkspaceSignIn(ctx.user, granted);
        return recordIfEdited(next({ ctx: { access: granted } }), {
          db: ctx.prisma,
          type,
          access,
          workspaceId: granted.workspaceId,
        });
      });
}

/**
 * A bot procedure that also receives the draft row (`ctx.bot`), read in the access check's statement;
 * `viaShare: false` keeps it to the workspace's members (as `memberBotProcedure`).
 */
export function botRowProcedure(access: RoleAction, options: BotAccessOptions = {}) {
  return authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadBotWithAccess(ctx.prisma, ctx.user.id, input.botId, access, options);
      assertTokenWorkspace(ctx.user.apiToken, granted.access.workspaceId);
      assertWorkspaceSignIn(ctx.user, granted.access);
      return recordIfEdited(next({ ctx: { access: granted.access, bot: granted.bot } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.access.workspaceId,
      });
    });
}

/**
 * The instance operators' procedures (`/api/v1/admin/…`): the caller's e-mail is in `ADMIN_EMAILS`, else
 * FORBIDDEN `OPERATOR_ONLY` before anything is read, whatever their workspace roles.
 */
export const operatorProcedure = authenticatedProcedure.use(({ ctx, next }) => {
  if (!isInstanceOperator(ctx.user)) throw operatorOnly("use the instance administration");
  // The whole instance is beyond a token restricted to one workspace.
  assertTokenWorkspace(ctx.user.apiToken, null);
  return next();
});

/** The handler's outcome; a successful write of a member allowed to write is editing activity. */
async function recordIfEdited<Outcome extends { ok: boolean }>(
  handled: Promise<Outcome>,
  request: { db: Database; type: string; access: RoleAction; workspaceId: string },
): Promise<Outcome> {
  const outcome = await handled;
  if (outcome.ok && request.type === "mutation" && request.access !== "read")
    await recordEditingActivity(request.db, { workspaceId: request.workspaceId });
  return outcome;
}
