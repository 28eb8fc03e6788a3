import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { disableTwoFactor as disable } from "../../accounts/twoFactorSettings";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

/** Turns two-factor sign-in off, with a current code of the authenticator or a recovery code. */
export const disableTwoFactor = authenticatedProcedure
  .input(z.object({ code: textSchema.trim().min(1).max(32) }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    await disable(ctx.prisma, { account: ctx.user, code: input.code, audit: auditRequestOf(ctx) });
    return { message: "success" as const };
  });
