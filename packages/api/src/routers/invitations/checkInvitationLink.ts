import { readInvitationLink } from "@parley/platform/accounts/workspaceInvitations";
import { workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { invitationTokenSchema, invitedBotSchema } from "./invitationLinkSchemas";

/** What the link's page shows; `invitation` is null when the link does not work (any reason). */
export const checkInvitationLink = publicProcedure
  .input(z.object({ token: invitationTokenSchema }))
  .output(
    z.object({
      invitation: z
        .object({
          email: textSchema,
          role: workspaceRoleSchema,
          workspaceName: textSchema,
          bot: invitedBotSchema,
          expiresAt: textSchema,
        })
        .nullable(),
    }),
  )
  .query(async ({ ctx, input }) => {
    const link = await readInvitationLink(ctx.prisma, input.token);
    return { invitation: link ? { ...link, expiresAt: link.expiresAt.toISOString() } : null };
  });
