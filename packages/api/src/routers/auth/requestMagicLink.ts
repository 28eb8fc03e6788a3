import { successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { requestMagicLink as requestLink } from "../../accounts/requestMagicLink";
import { publicProcedure } from "../../trpc";

/** "E-mail me a sign-in link": the same answer whether or not an account has this e-mail. */
export const requestMagicLink = publicProcedure
  .input(z.object({ email: z.email().max(254) }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await requestLink(
      ctx.prisma,
      { email: input.email, clientAddress: ctx.clientAddress ?? "unknown" },
      { logger: ctx.logger },
    );
    return { message: "success" as const };
  });
