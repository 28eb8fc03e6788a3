import { invitationSelect } from "@parley/platform/accounts/workspaceInvitations";
import { workspaceInvitationSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toInvitation } from "./toInvitation";

export const listInvitations = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/invitations",
      tags: ["Members"],
      summary: "List pending invitations",
      description:
        "ADMIN only. Pending invitations to the workspace, newest first (expired ones too); those to one bot are listed with its collaborators (`GET /bots/{botId}/collaborators`).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ invitations: z.array(workspaceInvitationSchema) }))
  .query(async ({ ctx }) => {
    const rows = await ctx.prisma.workspaceInvitation.findMany({
      where: { workspaceId: ctx.access.workspaceId, botId: null },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: invitationSelect,
    });
    return { invitations: rows.map(toInvitation) };
  });
