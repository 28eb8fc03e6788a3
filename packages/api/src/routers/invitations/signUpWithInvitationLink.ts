import { accountPasswordSchema } from "@parley/platform/accounts/setUserPassword";
import { signUpWithInvitation } from "@parley/platform/accounts/workspaceInvitations";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "../auth/sessionUserSchema";
import { invitationTokenSchema } from "./invitationLinkSchemas";

/** A person without an account follows the link: creates it with the invited address, joins and is signed in. */
export const signUpWithInvitationLink = publicProcedure
  .input(
    z.object({
      token: invitationTokenSchema,
      password: accountPasswordSchema,
      name: textSchema.trim().max(100).optional(),
    }),
  )
  .output(z.object({ user: sessionUserSchema, workspaceId: idSchema, botId: idSchema.nullable() }))
  .mutation(async ({ ctx, input }) => {
    const { user, workspaceId, botId, session } = await signUpWithInvitation(ctx.prisma, {
      ...input,
      audit: auditClientOf(ctx),
    });
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user, workspaceId, botId };
  });
