import { interfaceLanguageSchema } from "@parley/schemas/management/interfaceLanguages";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/**
 * The signed-in user's choice of the builder's language (null: their browser's). A personal preference, not a
 * change to a workspace: no audit entry.
 */
export const setInterfaceLanguage = authenticatedProcedure
  .input(z.object({ language: interfaceLanguageSchema.nullable() }))
  .output(z.object({ language: interfaceLanguageSchema.nullable() }))
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.user.update({
      where: { id: ctx.user.id },
      data: { interfaceLanguage: input.language },
    });
    return { language: input.language };
  });
