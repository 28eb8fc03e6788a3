import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { confirmTwoFactorSetup as confirmSetup } from "../../accounts/twoFactorSettings";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

/** Turns two-factor sign-in on with the authenticator's first code; the 10 recovery codes are shown once. */
export const confirmTwoFactorSetup = authenticatedProcedure
  .input(z.object({ code: textSchema.trim().min(1).max(32) }))
  .output(z.object({ recoveryCodes: z.array(textSchema) }))
  .mutation(({ ctx, input }) =>
    confirmSetup(ctx.prisma, { account: ctx.user, code: input.code, audit: auditRequestOf(ctx) }),
  );
