import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceMemberSchema, workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { memberSelect, toMember } from "./toMember";

export const addMember = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/members",
      tags: ["Members"],
      summary: "Add a member",
      description:
        "Adds an existing user, found by email, with the given role (ADMIN only). A user who is already a member is BAD_REQUEST `ALREADY_MEMBER`; an unknown email is BAD_REQUEST `USER_NOT_FOUND`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      email: z.email().max(254).meta({ example: "ada@example.com" }),
      role: workspaceRoleSchema.default("MEMBER"),
    }),
  )
  .output(z.object({ member: workspaceMemberSchema }))
  .mutation(async ({ ctx, input }) => {
    const user = await ctx.prisma.user.findUnique({
      where: { email: normalizeEmail(input.email) },
      select: { id: true },
    });
    if (!user) {
      throw new AppError("BAD_REQUEST", [
        { message: "No user with this email", path: ["email"], code: "USER_NOT_FOUND" },
      ]);
    }
    const created = await ctx.prisma.memberInWorkspace.createManyAndReturn({
      data: [{ userId: user.id, workspaceId: ctx.access.workspaceId, role: input.role }],
      skipDuplicates: true,
      select: { userId: true },
    });
    if (created.length === 0) {
      throw new AppError("BAD_REQUEST", [
        { message: "This user is already a member", path: ["email"], code: "ALREADY_MEMBER" },
      ]);
    }
    const member = await ctx.prisma.memberInWorkspace.findUniqueOrThrow({
      where: { userId_workspaceId: { userId: user.id, workspaceId: ctx.access.workspaceId } },
      select: memberSelect,
    });
    return { member: toMember(member) };
  });
