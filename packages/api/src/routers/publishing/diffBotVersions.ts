import type { Database } from "@parley/db";
import { readStoredFlow, storedFlowSelect } from "@parley/db/storedFlow";
import { AppError } from "@parley/platform/errors";
import { type BotDocument, diffBotDocuments } from "@parley/schemas";
import { botChangeSchema, versionRefSchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const diffBotVersions = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/versions/diff",
      tags: ["Publishing"],
      summary: "Compare two versions",
      description:
        "What changed from `from` to `to` (version numbers or `draft`; by default the live version, then the draft), docs/api.md.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ from: versionRefSchema.optional(), to: versionRefSchema.default("draft") }))
  .output(z.object({ from: versionRefSchema, to: versionRefSchema, changes: z.array(botChangeSchema) }))
  .query(async ({ ctx, input }) => {
    const from = input.from ?? (await readCurrentVersionRef(ctx.prisma, input.botId));
    const [before, after] = await Promise.all([
      readVersion(ctx.prisma, input.botId, from, "from"),
      readVersion(ctx.prisma, input.botId, input.to, "to"),
    ]);
    return { from, to: input.to, changes: diffBotDocuments(before, after) };
  });

/** The number of the version chats start on; NOT_FOUND when the bot was never published. */
async function readCurrentVersionRef(prisma: Database, botId: string): Promise<string> {
  const bot = await prisma.bot.findUniqueOrThrow({
    where: { id: botId },
    select: { publishedBot: { select: { version: true } } },
  });
  if (!bot.publishedBot)
    throw new AppError("NOT_FOUND", [{ message: "The bot is not published: pass from", path: ["from"] }]);
  return String(bot.publishedBot.version);
}

async function readVersion(
  prisma: Database,
  botId: string,
  ref: string,
  field: string,
): Promise<BotDocument> {
  if (ref === "draft") {
    const draft = await prisma.bot.findUniqueOrThrow({
      where: { id: botId },
      select: { version: true, ...storedFlowSelect },
    });
    return readStoredFlow(draft.version, draft);
  }
  const published = await prisma.publishedBot.findUnique({
    where: { botId_version: { botId, version: Number(ref) } },
    select: { schemaVersion: true, ...storedFlowSelect },
  });
  if (!published) throw new AppError("NOT_FOUND", [{ message: "No such version", path: [field] }]);
  return readStoredFlow(published.schemaVersion, published);
}
