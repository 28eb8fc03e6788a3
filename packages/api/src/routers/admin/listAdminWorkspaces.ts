import { adminWorkspaceSchema } from "@parley/schemas/management/admin";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { operatorProcedure } from "../../access/procedures";
import { listOperatorWorkspaces } from "../../admin/operatorWorkspaces";
import { errorResponses } from "../../trpc";

export const listAdminWorkspaces = operatorProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/admin/workspaces",
      tags: ["Instance administration"],
      summary: "List every workspace (operators)",
      description:
        "Instance operators only (`ADMIN_EMAILS`; others FORBIDDEN `OPERATOR_ONLY`). Newest first, with the chats of the current period, plan, limits and flags. `query`: text of the name or the exact id.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(
    z.object({
      query: textSchema.max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: idSchema.optional(),
    }),
  )
  .output(z.object({ workspaces: z.array(adminWorkspaceSchema), nextCursor: idSchema.nullable() }))
  .query(({ ctx, input }) => listOperatorWorkspaces(ctx.prisma, input));
