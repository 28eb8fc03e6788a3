import { adminWorkspaceChangeSchema, adminWorkspaceSchema } from "@parley/schemas/management/admin";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { operatorProcedure } from "../../access/procedures";
import { changeOperatorWorkspace } from "../../admin/operatorWorkspaces";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const updateAdminWorkspace = operatorProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/admin/workspaces/{workspaceId}",
      tags: ["Instance administration"],
      summary: "Suspend, verify or re-plan a workspace (operators)",
      description:
        "Instance operators only. `isSuspended` (its bots stop answering), `isVerified` (its bots are never held), `plan` and `chatsHardLimit` (closed periods invoiced first at the old plan); absent = unchanged.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, workspace: adminWorkspaceChangeSchema }))
  .output(z.object({ workspace: adminWorkspaceSchema }))
  .mutation(async ({ ctx, input }) => ({
    workspace: await changeOperatorWorkspace(
      ctx.prisma,
      input.workspaceId,
      input.workspace,
      auditRequestOf(ctx),
    ),
  }));
