import { WEBHOOK_TEST_CALL_TTL_MS } from "@parley/db/queries/saveWebhookTestCall";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";

/**
 * The last test call of a Webhook block (executeTestWebhook) within the last 10 minutes, for the
 * block's settings panel, which polls it while listening (builder only, no REST path).
 */
export const getWebhookTestCall = botProcedure("read")
  .input(z.object({ blockId: textSchema.min(1).max(128) }))
  .output(z.object({ testCall: z.object({ body: z.unknown(), receivedAt: textSchema }).nullable() }))
  .query(async ({ ctx, input }) => {
    const call = await ctx.prisma.webhookTestCall.findUnique({
      where: { botId_blockId: { botId: input.botId, blockId: input.blockId } },
    });
    if (!call || call.receivedAt.getTime() < Date.now() - WEBHOOK_TEST_CALL_TTL_MS) return { testCall: null };
    return { testCall: { body: call.body, receivedAt: call.receivedAt.toISOString() } };
  });
