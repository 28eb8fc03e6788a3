import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { botReplaySchema } from "./replaySchemas";
import { toBotReplay } from "./toBotReplay";

export const getBotReplay = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/replays/{replayId}",
      tags: ["Bots"],
      summary: "Get a replay's progress and report",
      description:
        "The replay started by POST /bots/{botId}/replays: its status and progress, each conversation's verdict and the groups that would change (by verdict and block); a conversation's stored transcript is GET /bots/{botId}/results/{resultId}. Any member or share of the bot may read it; another bot's replay id is NOT_FOUND.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ replayId: idSchema }))
  .output(z.object({ replay: botReplaySchema }))
  .query(async ({ ctx, input }) => {
    const row = await ctx.prisma.botReplay.findFirst({
      where: { id: input.replayId, botId: input.botId, workspaceId: ctx.access.workspaceId },
    });
    if (!row)
      throw new AppError("NOT_FOUND", [{ message: "No such replay of this bot", path: ["replayId"] }]);
    return { replay: await toBotReplay(ctx.prisma, row) };
  });
