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
        "The replay started by POST /bots/{botId}/replays: its `status` (`queued`, `running`, `done`, `failed`), progress (`processed` of `total`), whether its wall-time limit stopped it (`stoppedEarly`), the `summary` per verdict, the `groups` of conversations that would change (by verdict and block, with the draft's group title) and each conversation with its `resultId`, so its stored transcript (GET /bots/{botId}/results/{resultId}) shows beside the draft's. Any member or share of the bot may read it; another bot's replay id is NOT_FOUND.",
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
