import { workspaceMemberSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { memberSelect, toMember } from "./toMember";

export const listMembers = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/workspaces/{workspaceId}/members",
      tags: ["Members"],
      summary: "List the members of a workspace",
      description: "Every member with their role, in the order they joined.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ members: z.array(workspaceMemberSchema) }))
  .query(async ({ ctx }) => {
    const members = await ctx.prisma.memberInWorkspace.findMany({
      where: { workspaceId: ctx.access.workspaceId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: memberSelect,
    });
    return { members: members.map(toMember) };
  });
