import { inviteLinkSelect } from "@parley/platform/accounts/workspaceInviteLinks";
import { workspaceInviteLinkSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toInviteLink } from "./toInviteLink";

export const listInviteLinks = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/inviteLinks",
      tags: ["Members"],
      summary: "List invite links",
      description: "ADMIN only, newest first.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ inviteLinks: z.array(workspaceInviteLinkSchema) }))
  .query(async ({ ctx }) => {
    const rows = await ctx.prisma.workspaceInviteLink.findMany({
      where: { workspaceId: ctx.access.workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: inviteLinkSelect,
    });
    return { inviteLinks: rows.map(toInviteLink) };
  });
