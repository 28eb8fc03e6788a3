import { readInviteLink } from "@parley/platform/accounts/workspaceInviteLinks";
import { workspaceRoleSchema } from "@parley/schemas/management/workspace";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { invitationTokenSchema } from "../invitations/invitationLinkSchemas";

/** What an invite link's page shows; `inviteLink` is null when the link does not work (any reason). */
export const checkInviteLink = publicProcedure
  .input(z.object({ token: invitationTokenSchema }))
  .output(
    z.object({ inviteLink: z.object({ role: workspaceRoleSchema, workspaceName: textSchema }).nullable() }),
  )
  .query(async ({ ctx, input }) => ({ inviteLink: await readInviteLink(ctx.prisma, input.token) }));
