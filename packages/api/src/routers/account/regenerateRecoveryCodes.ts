import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { regenerateRecoveryCodes as regenerate } from "../../accounts/twoFactorSettings";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

/** 10 new recovery codes, shown once (the old ones stop working), with a current code. */
export const regenerateRecoveryCodes = authenticatedProcedure
  .input(z.object({ code: textSchema.trim().min(1).max(32) }))
  .output(z.object({ recoveryCodes: z.array(textSchema) }))
  .mutation(({ ctx, input }) =>
    regenerate(ctx.prisma, { account: ctx.user, code: input.code, audit: auditRequestOf(ctx) }),
  );
