import { successMessageSchema } from "@parley/schemas/management/common";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { deleteWorkspaceData } from "../../workspaces/deleteWorkspaceData";
import { readWriteErrors } from "../errorLists";

export const deleteWorkspace = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/workspaces/{workspaceId}",
      tags: ["Workspaces"],
      summary: "Delete a workspace",
      description:
        "Deletes the workspace and everything in it, for good (ADMIN only; a MEMBER or GUEST is FORBIDDEN): its bots with their published versions, chat keys and sessions (their chats stop at once), results, uploaded files, credentials, result webhooks and their deliveries, invoices, folders and members. API tokens stay, but reach it no more. Its chats of the period no longer count anywhere.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx }) => {
    await deleteWorkspaceData(ctx.prisma, ctx.access.workspaceId, {
      logger: ctx.logger,
      audit: auditRequestOf(ctx),
    });
    return { message: "success" as const };
  });
