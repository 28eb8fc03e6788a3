import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { authenticatedProcedure, errorResponses } from "../../trpc";

export const listWorkspaces = authenticatedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces",
      tags: ["Workspaces"],
      summary: "List workspaces",
      description:
        "The workspaces the caller is a member of (any role), oldest first; for a token restricted to a workspace, that one.",
      protect: true,
      errorResponses: errorResponses("UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.void())
  .output(
    z.object({
      workspaces: z.array(z.object({ id: textSchema, name: textSchema, icon: textSchema.nullable() })),
    }),
  )
  .query(async ({ ctx }) => {
    const workspaces = await ctx.prisma.workspace.findMany({
      where: {
        members: { some: { userId: ctx.user.id } },
        ...(ctx.user.apiToken?.workspaceId ? { id: ctx.user.apiToken.workspaceId } : {}),
      },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true, icon: true },
    });
    return { workspaces };
  });
