import { idSchema } from "@parley/schemas/management/common";
import { workspaceDomainSchema } from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceDomain } from "./toWorkspaceDomain";

export const listDomains = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/domains",
      tags: ["Single sign-on"],
      summary: "List the workspace's e-mail domains",
      description: "ADMIN only. Each with its TXT record and whether it is verified and open to joining.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema }))
  .output(z.object({ domains: z.array(workspaceDomainSchema) }))
  .query(async ({ ctx }) => {
    const rows = await ctx.prisma.workspaceDomain.findMany({
      where: { workspaceId: ctx.access.workspaceId },
      orderBy: { createdAt: "asc" },
    });
    return { domains: rows.map(toWorkspaceDomain) };
  });
