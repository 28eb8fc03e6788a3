import type { Database } from "@parley/db";
import {
  loadBotAccess,
  loadBotWithAccess,
  loadConversationAccess,
  loadFolderAccess,
  loadKnowledgeBaseAccess,
  loadWorkspaceAccess,
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
 * another workspace is refused as a non-member is (FORBIDDEN).
 */
export function workspaceProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ workspaceId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadWorkspaceAccess(ctx.prisma, ctx.user.id, input.workspaceId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      return recordIfEdited(next({ ctx: { access: granted } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.workspaceId,
      });
    });
}

export function folderProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ folderId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadFolderAccess(ctx.prisma, ctx.user.id, input.folderId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      return recordIfEdited(next({ ctx: { access: granted } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.workspaceId,
      });
    });
}

export function knowledgeBaseProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ knowledgeBaseId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadKnowledgeBaseAccess(ctx.prisma, ctx.user.id, input.knowledgeBaseId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      return recordIfEdited(next({ ctx: { access: granted } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.workspaceId,
      });
    });
}

export function conversationProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ conversationId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadConversationAccess(ctx.prisma, ctx.user.id, input.conversationId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      return recordIfEdited(next({ ctx: { access: granted } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.workspaceId,
      });
    });
}

export function botProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadBotAccess(ctx.prisma, ctx.user.id, input.botId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      return recordIfEdited(next({ ctx: { access: granted } }), {
        db: ctx.prisma,
        type,
        access,
        workspaceId: granted.workspaceId,
      });
    });
}

/** A bot procedure that also receives the draft row (`ctx.bot`), read in the access check's statement. */
export function botRowProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadBotWithAccess(ctx.prisma, ctx.user.id, input.botId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.access.workspaceId);
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
