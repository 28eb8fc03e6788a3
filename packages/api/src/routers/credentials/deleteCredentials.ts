import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { successMessageSchema } from "@parley/schemas/management/common";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { credentialsProcedure } from "./credentialsProcedure";

export const deleteCredentials = credentialsProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/credentials/{credentialsId}",
      tags: ["Credentials"],
      summary: "Delete credentials",
      description:
        "Deletes the credentials and their secret. Blocks that still reference them log an error when they run and the flow goes on; pick other credentials in those blocks.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      await tx.credentials.delete({ where: { id: input.credentialsId } });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "credentials.deleted",
        workspaceId: ctx.access.workspaceId,
        target: { type: "credentials", id: input.credentialsId },
      });
    });
    return { message: "success" as const };
  });
