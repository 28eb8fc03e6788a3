import { listBotsSharedWith } from "@parley/platform/accounts/botSharing";
import { sharedBotSchema } from "@parley/schemas/management/botCollaborators";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";
import { readWriteErrors } from "../errorLists";

export const listSharedBots = authenticatedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/users/me/shared-bots",
      tags: ["Sharing"],
      summary: "List the bots shared with me",
      description:
        "The bots shared with the caller one by one (not those they reach as a workspace member), most recently shared first, with the role they were shared with. An API token restricted to a workspace lists only that workspace's.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({}))
  .output(z.object({ bots: z.array(sharedBotSchema) }))
  .query(async ({ ctx }) => {
    const rows = await listBotsSharedWith(ctx.prisma, ctx.user.id);
    const restrictedTo = ctx.user.apiToken?.workspaceId;
    return {
      bots: rows
        .filter((row) => !restrictedTo || row.bot.workspaceId === restrictedTo)
        .map(({ role, bot }) => ({
          id: bot.id,
          name: bot.name,
          icon: bot.icon,
          publicId: bot.publicId,
          isPublished: bot.publishedBotId !== null,
          workspaceId: bot.workspaceId,
          workspaceName: bot.workspace.name,
          role,
          createdAt: bot.createdAt.toISOString(),
          updatedAt: bot.updatedAt.toISOString(),
        })),
    };
  });
