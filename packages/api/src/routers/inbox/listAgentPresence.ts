import { agentPresenceSchema, agentPresenceStatuses } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const listAgentPresence = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/presence",
      tags: ["Inbox"],
      summary: "Who is available in the inbox",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ presence: z.array(agentPresenceSchema) }))
  .query(async ({ ctx }) => {
    const rows = await ctx.prisma.agentPresence.findMany({
      where: {
        workspaceId: ctx.access.workspaceId,
        user: { workspaces: { some: { workspaceId: ctx.access.workspaceId } } },
      },
      orderBy: { userId: "asc" },
    });
    return {
      presence: rows.map((row) => ({
        userId: row.userId,
        status: (agentPresenceStatuses as readonly string[]).includes(row.status)
          ? (row.status as (typeof agentPresenceStatuses)[number])
          : "away",
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  });
