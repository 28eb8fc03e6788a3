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
      description: `"What would change?": the bot's last \`limit\` results of its published versions (1–${maxReplayLimit}, newest first, those with at least one answer) are replayed through its draft, each visitor's stored answers in order, every outside call (HTTP request, e-mail, AI, Sheets write, payment) answered from what the result recorded and never made; a call nothing was recorded for makes the conversation \`notReplayable\`. Each conversation is compared with its replay over the version it ran on: \`samePath\`, \`otherPath\` (parting at \`blockId\`), \`refused\` (an input's validation refuses the stored answer), \`error\`. Up to ${inlineReplayLimit} results the replay runs at once and answers 200 with its report; more are queued (one process of the cluster runs it) and the answer is 202 with the replay's \`id\` and status \`queued\`: poll GET /bots/{botId}/replays/{replayId}. A replay stops after its wall-time limit (\`stoppedEarly\`). One replay at a time per bot: another one queued or running is BAD_REQUEST \`REPLAY_IN_PROGRESS\`. MEMBER, ADMIN or an EDITOR of the bot; the audit log records \`bot.replayStarted\`.`,
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
