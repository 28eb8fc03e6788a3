import { createId } from "@parley/db";
import { toStoredFlowColumns } from "@parley/db/storedFlow";
import {
  applySettingsDefaults,
  applyThemeDefaults,
  type BotDocument,
  botCreateSchema,
  latestBotVersion,
} from "@parley/schemas";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { assertBotDocument } from "../../bots/assertBotDocument";
import { assertBotReferences } from "../../bots/assertBotReferences";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { createPublicId } from "../../bots/createPublicId";
import { toBot } from "../../bots/toBot";
import { readWriteErrors } from "../errorLists";

export const createBot = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots",
      tags: ["Bots"],
      summary: "Create a bot",
      description:
        "A new draft in the workspace (MEMBER or ADMIN). Without `events` it has one start event; without `groups` none. Theme and settings take their defaults for what is not given. `publicId` defaults to a slug of the name plus a short random suffix. The flow is checked for integrity (one issue per violation).",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ bot: botCreateSchema.default({}) }))
  .output(botOutputSchema)
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const { bot } = input;
    const name = bot.name?.trim() || "My bot";
    const document: BotDocument = {
      events: bot.events ?? [{ id: createId(), type: "start", graphCoordinates: { x: 0, y: 0 } }],
      groups: bot.groups ?? [],
      edges: bot.edges ?? [],
      variables: bot.variables ?? [],
      theme: applyThemeDefaults(bot.theme) as BotDocument["theme"],
      settings: applySettingsDefaults(bot.settings) as BotDocument["settings"],
    };
    assertBotDocument(document, ["bot"]);
    await assertBotReferences(ctx.prisma, {
      workspaceId,
      pathPrefix: ["bot"],
      fields: { folderId: bot.folderId, publicId: bot.publicId },
    });
    const created = await ctx.prisma.bot.create({
      data: {
        id: createId(),
        version: latestBotVersion,
        workspaceId,
        name,
        icon: bot.icon ?? null,
        folderId: bot.folderId ?? null,
        publicId: bot.publicId ?? (await createPublicId(ctx.prisma, name)),
        ...toStoredFlowColumns(document),
      },
    });
    return { bot: toBot(created) };
  });
