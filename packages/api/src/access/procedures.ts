import {
  loadBotAccess,
  loadBotWithAccess,
  loadFolderAccess,
  loadWorkspaceAccess,
} from "@parley/platform/access/loadAccess";
import type { Access } from "@parley/platform/access/roles";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../trpc";

/**
 * Procedures on one workspace's records. Each loads the addressed record's
 * workspace and the caller's role in one query and refuses before the handler
 * runs; handlers receive `ctx.access` and scope every query by it.
 */
export function workspaceProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ workspaceId: idSchema }))
    .use(async ({ ctx, input, next }) => {
      const granted = await loadWorkspaceAccess(ctx.prisma, ctx.user.id, input.workspaceId, access);
      return next({ ctx: { access: granted } });
    });
}

export function folderProcedure(access: Access) {
  return authenticatedProcedure.input(z.object({ folderId: idSchema })).use(async ({ ctx, input, next }) => {
    const granted = await loadFolderAccess(ctx.prisma, ctx.user.id, input.folderId, access);
    return next({ ctx: { access: granted } });
  });
}

export function botProcedure(access: Access) {
  return authenticatedProcedure.input(z.object({ botId: idSchema })).use(async ({ ctx, input, next }) => {
    const granted = await loadBotAccess(ctx.prisma, ctx.user.id, input.botId, access);
    return next({ ctx: { access: granted } });
  });
}

/** A bot procedure that also receives the draft row (`ctx.bot`), read in the access check's statement. */
export function botRowProcedure(access: Access) {
  return authenticatedProcedure.input(z.object({ botId: idSchema })).use(async ({ ctx, input, next }) => {
    const granted = await loadBotWithAccess(ctx.prisma, ctx.user.id, input.botId, access);
    return next({ ctx: { access: granted.access, bot: granted.bot } });
  });
}
