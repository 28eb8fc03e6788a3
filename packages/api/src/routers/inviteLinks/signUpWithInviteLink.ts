import { signUpWithInviteLink as signUp } from "@parley/platform/accounts/workspaceInviteLinks";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "../auth/sessionUserSchema";
import { signUpInputSchema } from "../auth/signUp";
import { invitationTokenSchema } from "../invitations/invitationLinkSchemas";

/** Someone without an account follows an invite link: creates it, joins and is signed in. */
export const signUpWithInviteLink = publicProcedure
  .input(signUpInputSchema.extend({ token: invitationTokenSchema }))
  .output(z.object({ user: sessionUserSchema, workspaceId: idSchema }))
  .mutation(async ({ ctx, input }) => {
    const { user, workspaceId, session } = await signUp(ctx.prisma, { ...input, audit: auditClientOf(ctx) });
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user, workspaceId };
  });
