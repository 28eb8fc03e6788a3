import { successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { requestPasswordReset as requestReset } from "../../accounts/requestPasswordReset";
import { publicProcedure } from "../../trpc";

/** "Forgot password?": the same answer whether or not an account has this e-mail. */
export const requestPasswordReset = publicProcedure
  .input(z.object({ email: z.email().max(254) }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await requestReset(
      ctx.prisma,
      { email: input.email, clientAddress: ctx.clientAddress ?? "unknown" },
      { logger: ctx.logger },
    );
    return { message: "success" as const };
  });
