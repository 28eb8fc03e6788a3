import { workspaceRoleSchema, workspaceSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toWorkspace } from "./toWorkspace";

export const getWorkspace = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}",
      tags: ["Workspaces"],
      summary: "Get a workspace",
      description: "The full workspace record and the caller's role in it.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ workspace: workspaceSchema, currentUserRole: workspaceRoleSchema }))
  .query(async ({ ctx }) => {
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { id: ctx.access.workspaceId } });
    return { workspace: toWorkspace(workspace), currentUserRole: ctx.access.role };
  });
