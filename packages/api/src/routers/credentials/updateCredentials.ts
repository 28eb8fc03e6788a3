import {
  credentialsRecordSelect,
  toCredentialsRecord,
} from "@parley/integrations/credentials/workspaceCredentials";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { credentialsNameSchema, credentialsRecordSchema } from "@parley/schemas/credentials";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { credentialsProcedure } from "./credentialsProcedure";

export const updateCredentials = credentialsProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/credentials/{credentialsId}",
      tags: ["Credentials"],
      summary: "Rename credentials",
      description:
        "Renames credentials. The secret itself cannot be read or changed: create new credentials and pick them in the blocks instead. `workspaceId`, when given, must be the credentials' workspace.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      credentialsId: idSchema,
      workspaceId: idSchema.optional(),
      credentials: z.strictObject({ name: credentialsNameSchema.meta({ example: "Support mailbox" }) }),
    }),
  )
  .output(z.object({ credentials: credentialsRecordSchema }))
  .mutation(async ({ ctx, input }) => {
    if (input.workspaceId && input.workspaceId !== ctx.access.workspaceId)
      throw new AppError("BAD_REQUEST", [
        {
          message: "The credentials are not in this workspace",
          path: ["workspaceId"],
          code: "WORKSPACE_MISMATCH",
        },
      ]);
    const row = await ctx.prisma.$transaction(async (tx) => {
      const updated = await tx.credentials.update({
        where: { id: input.credentialsId },
        data: { name: input.credentials.name },
        select: credentialsRecordSelect,
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "credentials.updated",
        workspaceId: ctx.access.workspaceId,
        target: { type: "credentials", id: input.credentialsId },
      });
      return updated;
    });
    return { credentials: toCredentialsRecord(row) };
  });
