import { listWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { credentialsRecordSchema, credentialsTypeSchema } from "@parley/schemas/credentials";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const listCredentials = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "GET",
      path: "/credentials",
      tags: ["Credentials"],
      summary: "List credentials",
      description:
        "The workspace's credentials (newest first), optionally of one `type`. Secrets are never returned: only id, name, type and dates. Members and admins only; guests are FORBIDDEN.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ type: credentialsTypeSchema.optional() }))
  .output(z.object({ credentials: z.array(credentialsRecordSchema) }))
  .query(async ({ ctx, input }) => ({
    credentials: await listWorkspaceCredentials(ctx.prisma, ctx.access.workspaceId, input.type),
  }));
