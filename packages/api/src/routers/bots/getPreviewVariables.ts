import { parseSessionState } from "@parley/engine";
import { AppError } from "@parley/platform/errors";
import { variableValueSchema } from "@parley/schemas";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";

/**
 * The variables of a preview chat of the bot as they are now (by variable id), for the preview drawer's
 * debugger, which reads them after each turn (builder only, no REST path). A session of another bot, a
 * published chat or an ended preview is NOT_FOUND.
 */
export const getPreviewVariables = botProcedure("read")
  .input(z.object({ sessionId: textSchema.min(1).max(64) }))
  .output(z.object({ variables: z.record(textSchema, variableValueSchema) }))
  .query(async ({ ctx, input }) => {
    const session = await ctx.prisma.chatSession.findFirst({
      where: { id: input.sessionId, botId: input.botId, isPreview: true },
      select: { state: true },
    });
    if (!session) throw new AppError("NOT_FOUND");
    const [root] = parseSessionState(session.state).frames;
    const variables = Object.fromEntries(
      Object.entries(root?.variables ?? {}).filter(
        ([, value]) => variableValueSchema.safeParse(value).success,
      ),
    );
    return { variables };
  });
