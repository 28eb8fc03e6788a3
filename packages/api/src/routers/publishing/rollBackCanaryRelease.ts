import { successMessageSchema } from "@parley/schemas/management/common";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { endCanaryRelease, noCanaryError } from "../../canary/endCanaryRelease";
import { publishErrors } from "../errorLists";

export const rollBackCanaryRelease = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/canary/rollback",
      tags: ["Publishing"],
      summary: "Roll back a canary release",
      description:
        "Every new chat starts on the bot's current version again; the canary's version stays in the history and chats running on it keep it to their end (updateBot moves one to the current version). Recorded in the audit log (`bot.canaryRolledBack`). Without a running canary: BAD_REQUEST `NO_CANARY`; a missing or inaccessible bot is FORBIDDEN.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const isEnded = await endCanaryRelease(ctx.prisma, {
      botId: input.botId,
      workspaceId: ctx.access.workspaceId,
      ending: "rollBack",
      audit: auditRequestOf(ctx),
    });
    if (!isEnded) throw noCanaryError();
    return { message: "success" as const };
  });
