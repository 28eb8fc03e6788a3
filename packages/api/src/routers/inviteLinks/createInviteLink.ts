import { createInviteLink as create } from "@parley/platform/accounts/workspaceInviteLinks";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceInviteLinkSchema, workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { inviteLinkUrl, toInviteLink } from "./toInviteLink";

// Checked by refine so the document shows `format: date-time` instead of zod's long pattern.
const isoDateTime = z.iso.datetime({ offset: true });

export const createInviteLink = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/inviteLinks",
      tags: ["Members"],
      summary: "Create an invite link",
      description:
        "ADMIN only. Anyone with the `url` (shown once) joins with its role, until `expiresAt` or `maxUses`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      inviteLink: z.strictObject({
        role: workspaceRoleSchema.default("MEMBER"),
        expiresAt: textSchema
          .refine(
            (value) => isoDateTime.safeParse(value).success,
            "Expected an ISO 8601 date-time with offset",
          )
          .meta({ format: "date-time" })
          .nullable()
          .optional(),
        maxUses: z.number().int().min(1).max(100_000).nullable().optional(),
      }),
    }),
  )
  .output(z.object({ inviteLink: workspaceInviteLinkSchema }))
  .mutation(async ({ ctx, input }) => {
    const expiresAt = input.inviteLink.expiresAt ? new Date(input.inviteLink.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new AppError("BAD_REQUEST", [
        { message: "Must be in the future", path: ["inviteLink", "expiresAt"], code: "INVALID_FIELD" },
      ]);
    }
    const { inviteLink, token } = await create(
      ctx.prisma,
      {
        workspaceId: ctx.access.workspaceId,
        role: input.inviteLink.role,
        expiresAt,
        maxUses: input.inviteLink.maxUses ?? null,
        createdById: ctx.user.id,
      },
      auditRequestOf(ctx),
    );
    return { inviteLink: { ...toInviteLink(inviteLink), url: inviteLinkUrl(token) } };
  });
