import { signIn as signInWithPassword } from "@parley/platform/accounts/signIn";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { answerSignIn, signInOutcomeSchema } from "./signInOutcome";

export const signIn = publicProcedure
  .input(z.object({ email: textSchema.max(254), password: textSchema.max(200) }))
  .output(signInOutcomeSchema)
  .mutation(async ({ ctx, input }) =>
    answerSignIn(
      ctx,
      await signInWithPassword(ctx.prisma, input, {
        clientAddress: ctx.clientAddress,
        userAgent: ctx.userAgent,
      }),
    ),
  );
