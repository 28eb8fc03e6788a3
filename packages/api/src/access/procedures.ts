import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../trpc";
import { loadBotAccess, loadFolderAccess, loadWorkspaceAccess } from "./loadAccess";
import type { Access } from "./roles";

/**
 * Procedures on one workspace's records. Each loads the addressed record's
 * workspace and the caller's role in one query and refuses before the handler
 * runs; handlers receive `ctx.access` and scope every query by it.
 */
export const workspaceProcedure = (access: Access) =>
  authenticatedProcedure
    .input(z.object({ workspaceId: idSchema }))
    .use(async ({ ctx, input, next }) =>
      next({
        ctx: { access: await loadWorkspaceAccess(ctx.prisma, ctx.user.id, input.workspaceId, access) },
      }),
    );

export const folderProcedure = (access: Access) =>
  authenticatedProcedure
    .input(z.object({ folderId: idSchema }))
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { access: await loadFolderAccess(ctx.prisma, ctx.user.id, input.folderId, access) } }),
    );

export const botProcedure = (access: Access) =>
  authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { access: await loadBotAccess(ctx.prisma, ctx.user.id, input.botId, access) } }),
    );
