import { CredentialsConfigurationError } from "@parley/integrations/credentials/credentialsCipher";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { credentialsRecordSchema, newCredentialsSchema } from "@parley/schemas/credentials";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const createCredentials = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/credentials",
      tags: ["Credentials"],
      summary: "Create credentials",
      description:
        "Stores a secret for blocks of the workspace, encrypted (AES-256-GCM). `type` decides the shape of `data` (one member of `NewCredentials` per type). The answer never contains `data`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, credentials: newCredentialsSchema }))
  .output(z.object({ credentials: credentialsRecordSchema }))
  .mutation(async ({ ctx, input }) => {
    try {
      return {
        credentials: await ctx.prisma.$transaction(async (tx) => {
          const record = await createWorkspaceCredentials(tx, ctx.access.workspaceId, input.credentials);
          // The entry names the record, never its data.
          await appendAuditEntry(tx, auditRequestOf(ctx), {
            action: "credentials.created",
            workspaceId: ctx.access.workspaceId,
            target: { type: "credentials", id: record.id },
          });
          return record;
        }),
      };
    } catch (error) {
      // A server without ENCRYPTION_SECRET is misconfigured: logged, answered as a server error.
      if (error instanceof CredentialsConfigurationError)
        ctx.logger.error({ requestId: ctx.requestId }, error.message);
      throw error;
    }
  });
