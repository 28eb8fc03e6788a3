import { successMessageSchema } from "@parley/schemas/management/common";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { endCanaryRelease, noCanaryError } from "../../canary/endCanaryRelease";
import { publishErrors } from "../errorLists";

export const promoteCanaryRelease = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/canary/promote",
      tags: ["Publishing"],
      summary: "Promote a canary release to every new chat",
      description:
        "The canary's version becomes the bot's current version: every new chat starts on it. Chats running on the previous version keep it (updateBot moves one). Recorded in the audit log (`bot.canaryPromoted`). Without a running canary: BAD_REQUEST `NO_CANARY`; a missing or inaccessible bot is FORBIDDEN.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const isEnded = await endCanaryRelease(ctx.prisma, {
      botId: input.botId,
      workspaceId: ctx.access.workspaceId,
      ending: "promote",
      audit: auditRequestOf(ctx),
    });
    if (!isEnded) throw noCanaryError();
    return { message: "success" as const };
  });
