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
import { recordEditingActivity } from "./recordEditingActivity";

/**
 * Procedures on one workspace's records. Each loads the addressed record's
 * workspace and the caller's role in one query and refuses before the handler
 * runs; handlers receive `ctx.access` and scope every query by it. A write
 * request of a member allowed to write (a mutation needing MEMBER or ADMIN) that
 * succeeds is editing activity: it moves the workspace's `lastActivityAt`, at most
 * once a minute; a refused or failed request changes nothing.
 */
export function workspaceProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ workspaceId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadWorkspaceAccess(ctx.prisma, ctx.user.id, input.workspaceId, access);
      const result = await next({ ctx: { access: granted } });
      if (result.ok && type === "mutation" && access !== "read")
        await recordEditingActivity(ctx.prisma, { workspaceId: granted.workspaceId });
      return result;
    });
}

export function folderProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ folderId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadFolderAccess(ctx.prisma, ctx.user.id, input.folderId, access);
      const result = await next({ ctx: { access: granted } });
      if (result.ok && type === "mutation" && access !== "read")
        await recordEditingActivity(ctx.prisma, { workspaceId: granted.workspaceId });
      return result;
    });
}

export function botProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadBotAccess(ctx.prisma, ctx.user.id, input.botId, access);
      const result = await next({ ctx: { access: granted } });
      if (result.ok && type === "mutation" && access !== "read")
        await recordEditingActivity(ctx.prisma, { workspaceId: granted.workspaceId });
      return result;
    });
}

/** A bot procedure that also receives the draft row (`ctx.bot`), read in the access check's statement. */
export function botRowProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ botId: idSchema }))
    .use(async ({ ctx, input, next, type }) => {
      const granted = await loadBotWithAccess(ctx.prisma, ctx.user.id, input.botId, access);
      const result = await next({ ctx: { access: granted.access, bot: granted.bot } });
      if (result.ok && type === "mutation" && access !== "read")
        await recordEditingActivity(ctx.prisma, { workspaceId: granted.access.workspaceId });
      return result;
    });
}
