import { idSchema } from "@parley/schemas/management/common";
import { agentPresenceSchema, agentPresenceStatuses } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const setAgentPresence = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/workspaces/{workspaceId}/presence",
      tags: ["Inbox"],
      summary: "Mark yourself available or away",
      description: "Handoff blocks asking for someone take their fallback path while nobody is available.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, status: z.enum(agentPresenceStatuses) }))
  .output(z.object({ presence: agentPresenceSchema }))
  .mutation(async ({ ctx, input }) => {
    const key = { workspaceId: ctx.access.workspaceId, userId: ctx.user.id };
    const row = await ctx.prisma.agentPresence.upsert({
      where: { workspaceId_userId: key },
      create: { ...key, status: input.status },
      update: { status: input.status, updatedAt: new Date() },
    });
    return {
      presence: { userId: row.userId, status: input.status, updatedAt: row.updatedAt.toISOString() },
    };
  });
