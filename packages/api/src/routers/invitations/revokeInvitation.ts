import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const revokeInvitation = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}/invitations/{invitationId}",
      tags: ["Members"],
      summary: "Revoke an invitation",
      description: "ADMIN only. Its link stops working.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, invitationId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const { count } = await ctx.prisma.workspaceInvitation.deleteMany({
      where: { id: input.invitationId, workspaceId: ctx.access.workspaceId },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    return { message: "success" as const };
  });
