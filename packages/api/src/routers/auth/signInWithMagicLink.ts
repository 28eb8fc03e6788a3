import { signInWithMagicLink as signInWithLink } from "@parley/platform/accounts/magicLinks";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { answerSignIn, signInOutcomeSchema } from "./signInOutcome";

/**
 * Signs in with an e-mailed link (used up by it), or asks for the account's second factor. The link's page asks
 * for a click first: mail scanners that open links must not use it up.
 */
export const signInWithMagicLink = publicProcedure
  .input(z.object({ token: textSchema.min(1).max(100) }))
  .output(signInOutcomeSchema)
  .mutation(async ({ ctx, input }) =>
    answerSignIn(
      ctx,
      await signInWithLink(ctx.prisma, input, {
        clientAddress: ctx.clientAddress,
        userAgent: ctx.userAgent,
      }),
    ),
  );
