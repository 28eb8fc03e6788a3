import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const deleteInviteLink = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/inviteLinks/{inviteLinkId}",
      tags: ["Members"],
      summary: "Delete an invite link",
      description: "ADMIN only. People who joined by it stay.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, inviteLinkId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const { count } = await ctx.prisma.workspaceInviteLink.deleteMany({
      where: { id: input.inviteLinkId, workspaceId: ctx.access.workspaceId },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    return { message: "success" as const };
  });
