import { botSummarySchema } from "@parley/schemas/management/bots";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const listBots = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots",
      tags: ["Bots"],
      summary: "List bots",
      description:
        "Bots of the workspace, newest first. Without `folderId`: every bot; `folderId=root`: those at the top level; an id: those in that folder.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ folderId: idSchema.optional() }))
  .output(z.object({ bots: z.array(botSummarySchema) }))
  .query(async ({ ctx, input }) => {
    const bots = await ctx.prisma.bot.findMany({
      where: {
        workspaceId: ctx.access.workspaceId,
        isArchived: false,
        ...(input.folderId !== undefined
          ? { folderId: input.folderId === "root" ? null : input.folderId }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        name: true,
        icon: true,
        publicId: true,
        publishedBotId: true,
        folderId: true,
        createdAt: true,
        updatedAt: true,
      },
    });
    return {
      bots: bots.map(({ publishedBotId, createdAt, updatedAt, ...bot }) => ({
        ...bot,
        isPublished: publishedBotId !== null,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      })),
    };
  });
