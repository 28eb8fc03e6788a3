import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import {
  createReplayRow,
  enqueueReplay,
  findActiveReplay,
  inlineReplayLimit,
  maxReplayLimit,
  runReplay,
} from "../../replays/botReplays";
import { readWriteErrors } from "../errorLists";
import { botReplaySchema } from "./replaySchemas";
import { toBotReplay } from "./toBotReplay";

export const startBotReplay = botRowProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/replays",
      tags: ["Bots"],
      summary: "Replay real conversations through the draft",
      description: `The bot's last \`limit\` results (1–${maxReplayLimit}) replayed through its draft with their answers and recorded outside calls, each given a verdict. Up to ${inlineReplayLimit}: 200 with the report; more: 202 with the replay's \`id\` to poll. One at a time per bot (\`REPLAY_IN_PROGRESS\`). Details: docs/replay.md.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      limit: z
        .number()
        .int()
        .min(1)
        .max(maxReplayLimit)
        .default(100)
        .describe("How many of the newest results to replay"),
    }),
  )
  .output(z.object({ replay: botReplaySchema }))
  .mutation(async ({ ctx, input }) => {
    const active = await findActiveReplay(ctx.prisma, ctx.bot.id);
    if (active)
      throw new AppError("BAD_REQUEST", [
        {
          code: "REPLAY_IN_PROGRESS",
          message: `The replay ${active.id} of this bot is still running: wait for it to finish`,
        },
      ]);
    const row = await ctx.prisma.$transaction(async (tx) => {
      const created = await createReplayRow(tx, { bot: ctx.bot, userId: ctx.user.id, limit: input.limit });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.replayStarted",
        workspaceId: ctx.access.workspaceId,
        target: { type: "bot", id: ctx.bot.id },
      });
      return created;
    });
    if (input.limit <= inlineReplayLimit) {
      await runReplay(ctx.prisma, row.id);
    } else {
      await enqueueReplay(row.id);
      if (ctx.response) ctx.response.status = 202;
    }
    const stored = await ctx.prisma.botReplay.findUniqueOrThrow({ where: { id: row.id } });
    return { replay: await toBotReplay(ctx.prisma, stored) };
  });
