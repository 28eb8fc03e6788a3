import { idSchema } from "@parley/schemas/management/common";
import { workspaceSsoSchema } from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceSso } from "./toWorkspaceSso";

export const getWorkspaceSso = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/sso",
      tags: ["Single sign-on"],
      summary: "Get the workspace's identity provider",
      description: "ADMIN only. `sso` is null when none is configured; the client secret is never returned.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema }))
  .output(z.object({ sso: workspaceSsoSchema.nullable() }))
  .query(async ({ ctx }) => {
    const row = await ctx.prisma.workspaceSso.findUnique({ where: { workspaceId: ctx.access.workspaceId } });
    return { sso: row ? toWorkspaceSso(row) : null };
  });
