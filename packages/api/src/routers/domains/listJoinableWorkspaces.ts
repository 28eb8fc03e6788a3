import { listJoinableWorkspaces as listJoinable } from "@parley/platform/accounts/domainJoining";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/** The builder's "Join your team" offer: workspaces the signed-in user's verified address's domain may join. */
export const listJoinableWorkspaces = authenticatedProcedure
  .output(
    z.object({
      workspaces: z.array(
        z.object({ id: idSchema, name: textSchema, icon: textSchema.nullable(), domain: textSchema }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({ workspaces: await listJoinable(ctx.prisma, ctx.user) }));
