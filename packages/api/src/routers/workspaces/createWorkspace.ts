import { createId } from "@parley/db";
import { workspaceInputSchema, workspaceSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { toWorkspace } from "./toWorkspace";

export const createWorkspace = authenticatedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces",
      tags: ["Workspaces"],
      summary: "Create a workspace",
      description:
        "Creates a workspace on the FREE plan with the caller as its ADMIN. Returns the full record.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.strictObject(workspaceInputSchema.shape))
  .output(z.object({ workspace: workspaceSchema }))
  .mutation(async ({ ctx, input }) => {
    const workspace = await ctx.prisma.workspace.create({
      data: {
        id: createId(),
        name: input.name,
        icon: input.icon || null,
        members: { create: { userId: ctx.user.id, role: "ADMIN" } },
      },
    });
    return { workspace: toWorkspace(workspace) };
  });
