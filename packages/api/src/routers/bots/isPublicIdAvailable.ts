import { publicIdSchema } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/** For the share page's editable URL (tRPC only): whether a publicId is free for this bot. */
export const isPublicIdAvailable = authenticatedProcedure
  .input(z.object({ publicId: publicIdSchema, botId: idSchema.optional() }))
  .output(z.object({ isAvailable: z.boolean() }))
  .query(async ({ ctx, input }) => {
    const owner = await ctx.prisma.bot.findUnique({
      where: { publicId: input.publicId },
      select: { id: true },
    });
    return { isAvailable: !owner || owner.id === input.botId };
  });
